import type { AssistantCapability } from '../../config/index.js';
import { assistantCapabilities } from '../../config/index.js';
import type { ChatboxConfig } from '../../config/types.js';
import type { ChatServices } from '../chat/chat-services.js';
import { fetchFor } from '../chat/turn-steps.js';
import type { ConfiguredEndpoint } from '../endpoints/configured-endpoint.js';
import { ChatboxError } from '../errors/index.js';
import type { ProviderCredentials } from '../plugin-api/index.js';
import { offeredEndpoints } from './offered-endpoints.js';

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

/** The assistants endpoint as configured: its chat endpoint (connection, models, key dialog), its yaml settings, and the endpoints lending it models. */
export interface AssistantsEndpoint {
  entry: ConfiguredEndpoint;
  settings: AssistantsSettings;
  /** `modelsFrom`: other endpoints whose models assistants may use, after the entry's own, in that order. */
  offered: readonly ConfiguredEndpoint[];
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
  return entry && { entry, settings: assistantsSettings(config), offered: offeredEndpoints(config, endpoints, assistantsEndpointName) };
}

/** The endpoint, or the catalogue's unknown_endpoint (400) for a route of an endpoint that is off. */
export function requireAssistantsEndpoint(endpoint: AssistantsEndpoint | undefined): AssistantsEndpoint {
  if (!endpoint) throw new ChatboxError('unknown_endpoint', 'The assistants endpoint is not configured on this server', { endpoint: assistantsEndpointName });
  return endpoint;
}

/** Where one user's assistant calls go: an endpoint's provider with this user's credentials, and the models it offers them. */
export interface AssistantsConnection {
  /** The assistants endpoint, or the `modelsFrom` endpoint whose model the assistant uses. */
  entry: ConfiguredEndpoint;
  /** The user's own key (and base URL) when the endpoint asks users for them; undefined when the operator's apply. */
  credentials: ProviderCredentials | undefined;
  /** SSRF-guarded when the base URL is the user's. */
  fetch: typeof globalThis.fetch;
  models: string[];
}

/** One endpoint's connection for a user, as a chat turn opens it: credentials, guarded fetch, the (cached) model list. */
async function connect(services: ChatServices, entry: ConfiguredEndpoint, userId: string): Promise<AssistantsConnection> {
  const credentials = await services.credentials(userId, entry);
  const fetch = fetchFor(services, credentials);
  const models = await services.models.list(entry, userId, credentials, fetch);
  return { entry, credentials, fetch, models };
}

/**
 * The one place runs and routes resolve an assistant's model to a connection for a user. The
 * assistants endpoint's own models come first, then each `modelsFrom` endpoint's in the order
 * named: a model id offered twice runs on the first (assistants store plain model ids, which
 * LibreChat's client shows as they are). An endpoint this user cannot reach (their key is missing
 * or expired, its model list fails) is passed over. When none offers the model: the assistants
 * endpoint's own failure (no_user_key …), else the failure of a lending endpoint that lists the
 * model without a key (so a user is told to add their key, not that the model is unknown), else
 * illegal_model_request.
 */
export async function openAssistantsConnection(services: ChatServices, endpoint: AssistantsEndpoint, userId: string, model: string): Promise<AssistantsConnection> {
  let ownFailure: unknown;
  const unreachable: Array<{ entry: ConfiguredEndpoint; failure: unknown }> = [];
  for (const entry of [endpoint.entry, ...endpoint.offered]) {
    try {
      const connection = await connect(services, entry, userId);
      if (connection.models.includes(model)) return connection;
    } catch (failure) {
      if (entry === endpoint.entry) ownFailure = failure;
      else unreachable.push({ entry, failure });
    }
  }
  if (ownFailure !== undefined) throw ownFailure;
  for (const { entry, failure } of unreachable) {
    // The list GET /api/models shows for that endpoint (no user's key).
    const listed = await entry.provider.listModels().catch((): string[] => []);
    if (listed.includes(model)) throw failure;
  }
  throw new ChatboxError('illegal_model_request', `The model "${model}" is not offered by the assistants endpoint`, { model });
}

/**
 * The models the `modelsFrom` endpoints offer this user, in order, for the assistants endpoint's
 * model list. An endpoint the user cannot reach (no key of theirs where users bring one, a failing
 * model list) is left out rather than failing the list.
 */
export async function offeredModels(services: ChatServices, endpoint: AssistantsEndpoint, userId: string): Promise<string[]> {
  const lists = await Promise.all(
    endpoint.offered.map((entry) =>
      connect(services, entry, userId).then(
        (connection) => connection.models,
        (error: unknown) => {
          // A missing key is the user's choice, not a fault: only other failures are worth a warning.
          if (error instanceof ChatboxError && error.status < 500) services.log.debug({ endpoint: entry.name, code: error.code }, 'an endpoint lending models to assistants is left out for this user');
          else services.log.warn({ err: error, endpoint: entry.name }, 'listing the models an endpoint lends to assistants failed');
          return [];
        },
      ),
    ),
  );
  return lists.flat();
}
