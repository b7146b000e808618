import type { AssistantCapability } from '../../config/index.js';
import { assistantCapabilities } from '../../config/index.js';
import type { ChatboxConfig } from '../../config/types.js';
import type { ChatServices } from '../chat/chat-services.js';
import { fetchFor } from '../chat/turn-steps.js';
import type { ConfiguredEndpoint } from '../endpoints/configured-endpoint.js';
import { ChatboxError } from '../errors/index.js';
import type { ProviderCredentials } from '../plugin-api/index.js';

export const assistantsEndpointName = 'assistants';

/** LibreChat v0.7.1's retrieval models when the yaml names none (wave2 notes §2.7; its duplicate dropped). */
export const defaultRetrievalModels: readonly string[] = [
  'gpt-4-turbo-preview', 'gpt-3.5-turbo-0125', 'gpt-4-0125-preview', 'gpt-4-1106-preview', 'gpt-3.5-turbo-1106',
  'gpt-4-turbo', 'gpt-4-0125', 'gpt-4-1106',
];

/** What librechat.yaml `endpoints.assistants` decides besides the connection (which the endpoint's provider holds). */
export interface AssistantsSettings {
  capabilities: readonly AssistantCapability[];
  retrievalModels: readonly string[];
  /** The builder is off: no assistant is created, changed or deleted. */
  disableBuilder: boolean;
  supportedIds?: readonly string[];
  excludedIds?: readonly string[];
  /** For runs: how often LibreChat polled a run, and how long one may take. */
  pollIntervalMs?: number;
  timeoutMs?: number;
}

/** The assistants endpoint as configured: its chat endpoint (connection, models, key dialog) and its yaml settings. */
export interface AssistantsEndpoint {
  entry: ConfiguredEndpoint;
  settings: AssistantsSettings;
}

export function assistantsSettings(config: ChatboxConfig): AssistantsSettings {
  const own = config.yaml.endpoints?.assistants;
  return {
    capabilities: own?.capabilities ?? [...assistantCapabilities],
    retrievalModels: own?.retrievalModels ?? defaultRetrievalModels,
    disableBuilder: own?.disableBuilder ?? false,
    supportedIds: own?.supportedIds,
    excludedIds: own?.excludedIds,
    pollIntervalMs: own?.pollIntervalMs,
    timeoutMs: own?.timeoutMs,
  };
}

/** The endpoint when the configuration turns it on (an assistants key in librechat.yaml or ASSISTANTS_API_KEY), else undefined. */
export function findAssistantsEndpoint(endpoints: ReadonlyMap<string, ConfiguredEndpoint>, config: ChatboxConfig): AssistantsEndpoint | undefined {
  const entry = endpoints.get(assistantsEndpointName);
  return entry && { entry, settings: assistantsSettings(config) };
}

/** The endpoint, or the catalogue's unknown_endpoint (400) for a route of an endpoint that is off. */
export function requireAssistantsEndpoint(endpoint: AssistantsEndpoint | undefined): AssistantsEndpoint {
  if (!endpoint) throw new ChatboxError('unknown_endpoint', 'The assistants endpoint is not configured on this server', { endpoint: assistantsEndpointName });
  return endpoint;
}

/** Where one user's assistant calls go: the endpoint's provider with this user's credentials, and the models it offers them. */
export interface AssistantsConnection {
  entry: ConfiguredEndpoint;
  /** The user's own key (and base URL) when the endpoint asks users for them; undefined when the operator's apply. */
  credentials: ProviderCredentials | undefined;
  /** SSRF-guarded when the base URL is the user's. */
  fetch: typeof globalThis.fetch;
  models: string[];
}

/**
 * The one place runs and routes get the assistants endpoint's connection for a user: credentials
 * (no_user_key / expired_user_key when the user must bring a key and has none), the guarded fetch
 * for a user's base URL, and the model list (cached per user like any endpoint's).
 */
export async function openAssistantsConnection(services: ChatServices, endpoint: AssistantsEndpoint, userId: string): Promise<AssistantsConnection> {
  const credentials = await services.credentials(userId, endpoint.entry);
  const fetch = fetchFor(services, credentials);
  const models = await services.models.list(endpoint.entry, userId, credentials, fetch);
  return { entry: endpoint.entry, credentials, fetch, models };
}
