import OpenAI from 'openai';
import type { ChatProvider, ModelListOptions, PluginLogger, ProviderCredentials, ProviderFailure } from '../../../core/plugin-api/index.js';
import { pickCredential } from '../../shared/credentials.js';
import { createClientCache } from '../../shared/client-cache.js';
import { failedStream } from '../../shared/guard-stream.js';
import { modelsWithFallback } from '../../shared/model-list.js';
import { buildChatCompletionBody, fetchModelIds, stripOperationPath, streamChatCompletion } from '../../shared/openai-compatible/index.js';
import { providerFailure } from '../../shared/provider-failure.js';
import { customEndpointSettingsSchema, type CustomEndpointSettings, type ResolvedCustomEndpointSettings } from './settings.js';

interface Connection {
  apiKey: string;
  baseURL: string;
}

/** The key and URL for this call, or LibreChat's "Missing API Key/Base URL" as a failure. */
function connect(settings: ResolvedCustomEndpointSettings, credentials?: ProviderCredentials): Connection | ProviderFailure {
  const apiKey = pickCredential(credentials?.apiKey, settings.apiKey);
  if (!apiKey) return providerFailure('invalid_api_key', `Missing API Key for ${settings.name}`);
  const baseURL = pickCredential(credentials?.baseURL, settings.baseURL);
  if (!baseURL) return providerFailure('bad_request', `Missing Base URL for ${settings.name}`);
  return { apiKey, baseURL: stripOperationPath(baseURL) };
}

function createClient(settings: ResolvedCustomEndpointSettings, connection: Connection, fetch?: typeof globalThis.fetch): OpenAI {
  return new OpenAI({
    fetch,
    apiKey: connection.apiKey,
    baseURL: connection.baseURL,
    defaultHeaders: settings.headers,
    organization: null,
    project: null,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logLevel: 'off',
  });
}

/** A custom endpoint: any OpenAI-compatible server (Ollama, Mistral, OpenRouter, Groq …) from librechat.yaml. */
export function createCustomProvider(input: CustomEndpointSettings, log?: PluginLogger): ChatProvider {
  const settings = customEndpointSettingsSchema.parse(input);
  const defaults = settings.models.default;
  const clientFor = createClientCache<OpenAI>();
  const client = (connection: Connection, fetch?: typeof globalThis.fetch) =>
    clientFor([connection.apiKey, connection.baseURL], fetch, () => createClient(settings, connection, fetch));

  async function listModels(options: ModelListOptions = {}): Promise<string[]> {
    if (!settings.models.fetch) return defaults;
    const connection = connect(settings, options.credentials);
    if ('kind' in connection) return defaults;
    const query = settings.models.userIdQuery && options.user ? { user: options.user } : undefined;
    const load = () => fetchModelIds(client(connection, options.fetch), { signal: options.signal, query });
    return modelsWithFallback(load, defaults, (error) => log?.warn(`Fetching the models of ${settings.name} failed; using the defaults`, { error: String(error) }));
  }

  return {
    id: settings.name,
    listModels,
    stream(request, options) {
      const connection = connect(settings, options.credentials);
      if ('kind' in connection) return failedStream(connection);
      // LibreChat never sent stream_options to custom endpoints, and strict servers (Mistral) refuse unknown fields.
      const body = buildChatCompletionBody(request, { includeUsage: false, addParams: settings.addParams, dropParams: settings.dropParams });
      return streamChatCompletion(() => client(connection, options.fetch), body, { signal: options.signal, idleTimeoutMs: settings.timeoutMs });
    },
  };
}
