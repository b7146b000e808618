import Anthropic from '@anthropic-ai/sdk';
import type { ChatProvider, ModelListOptions, PluginLogger, ProviderCredentials, StreamOptions } from '../../../core/plugin-api/index.js';
import { pickCredential } from '../../shared/credentials.js';
import { createClientCache } from '../../shared/client-cache.js';
import { failedStream, guardStream } from '../../shared/guard-stream.js';
import { modelsWithFallback } from '../../shared/model-list.js';
import { providerFailure } from '../../shared/provider-failure.js';
import { buildMessagesBody } from './build-request.js';
import { classifyAnthropicError } from './classify-error.js';
import { AnthropicEventMapper } from './event-mapper.js';
import { anthropicSettingsSchema, defaultAnthropicModels, type AnthropicSettings, type ResolvedAnthropicSettings } from './settings.js';

function createClient(settings: ResolvedAnthropicSettings, apiKey: string, { credentials, fetch }: Pick<StreamOptions, 'credentials' | 'fetch'>): Anthropic {
  return new Anthropic({
    apiKey,
    fetch,
    // Explicit, so ANTHROPIC_AUTH_TOKEN / ANTHROPIC_BASE_URL in the environment cannot change the call.
    authToken: null,
    baseURL: pickCredential(credentials?.baseURL, settings.baseURL) ?? 'https://api.anthropic.com',
    defaultHeaders: settings.headers,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logLevel: 'off',
  });
}

/** The anthropic endpoint: Claude through the Messages API and the official SDK. */
export function createAnthropicProvider(input: AnthropicSettings = {}, log?: PluginLogger): ChatProvider {
  const settings = anthropicSettingsSchema.parse(input);
  const apiKeyFor = (credentials?: ProviderCredentials) => pickCredential(credentials?.apiKey, settings.apiKey);
  const clientFor = createClientCache<Anthropic>();
  const client = (apiKey: string, options: Pick<StreamOptions, 'credentials' | 'fetch'>) =>
    clientFor([apiKey, options.credentials?.baseURL], options.fetch, () => createClient(settings, apiKey, options));

  async function listModels(options: ModelListOptions = {}): Promise<string[]> {
    if (settings.models) return settings.models;
    const apiKey = apiKeyFor(options.credentials);
    if (!settings.fetchModels || !apiKey) return defaultAnthropicModels;
    const load = async () => {
      const page = await client(apiKey, options).models.list({ limit: 100 }, { signal: options.signal });
      return page.data.map((model) => model.id);
    };
    return modelsWithFallback(load, defaultAnthropicModels, (error) => log?.warn('Fetching Anthropic models failed; using the defaults', { error: String(error) }));
  }

  return {
    id: 'anthropic',
    listModels,
    stream(request, options) {
      const apiKey = apiKeyFor(options.credentials);
      if (!apiKey) return failedStream(providerFailure('invalid_api_key', 'No API key is configured or provided for anthropic'));
      const body = buildMessagesBody(request, settings.defaultMaxTokens);
      return guardStream({ signal: options.signal, classify: classifyAnthropicError, idleTimeoutMs: settings.timeoutMs }, async function* (signal) {
        const stream = await client(apiKey, options).messages.create(body, { signal });
        const mapper = new AnthropicEventMapper();
        for await (const event of stream) yield* mapper.push(event);
        yield* mapper.end();
      });
    },
  };
}
