import OpenAI from 'openai';
import type { ChatProvider, ModelListOptions, PluginLogger, ProviderCredentials, StreamOptions } from '../../../core/plugin-api/index.js';
import { createClientCache } from '../../shared/client-cache.js';
import { pickCredential } from '../../shared/credentials.js';
import { failedStream } from '../../shared/guard-stream.js';
import { modelsWithFallback } from '../../shared/model-list.js';
import { buildChatCompletionBody, fetchModelIds, streamChatCompletion } from '../../shared/openai-compatible/index.js';
import { providerFailure } from '../../shared/provider-failure.js';
import { defaultOpenAIModels, openAISettingsSchema, type OpenAISettings, type ResolvedOpenAISettings } from './settings.js';

const officialBaseURL = 'https://api.openai.com/v1';

/** Ids of /models that are not chat models: embeddings, audio, images, legacy completions. */
const notChatModel = /embedding|whisper|tts|dall-e|davinci|babbage|moderation|audio|realtime|transcribe|image|instruct/;

/** The per-call parts of StreamOptions and ModelListOptions that shape the client. */
type CallOptions = Pick<StreamOptions, 'credentials' | 'fetch'>;

function createClient(settings: ResolvedOpenAISettings, apiKey: string, { credentials, fetch }: CallOptions): OpenAI {
  return new OpenAI({
    apiKey,
    fetch,
    // Always explicit, so OPENAI_BASE_URL / OPENAI_ORG_ID in the environment cannot redirect a call.
    baseURL: pickCredential(credentials?.baseURL, settings.baseURL) ?? officialBaseURL,
    organization: settings.organization ?? null,
    project: null,
    defaultHeaders: settings.headers,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logLevel: 'off',
  });
}

/** The openAI endpoint: OpenAI's chat completions through the official SDK. */
export function createOpenAIProvider(input: OpenAISettings = {}, log?: PluginLogger): ChatProvider {
  const settings = openAISettingsSchema.parse(input);
  const apiKeyFor = (credentials?: ProviderCredentials) => pickCredential(credentials?.apiKey, settings.apiKey);
  const clientFor = createClientCache<OpenAI>();
  const client = (apiKey: string, options: CallOptions) =>
    clientFor([apiKey, options.credentials?.baseURL], options.fetch, () => createClient(settings, apiKey, options));

  async function listModels(options: ModelListOptions = {}): Promise<string[]> {
    if (settings.models) return settings.models;
    const apiKey = apiKeyFor(options.credentials);
    if (!settings.fetchModels || !apiKey) return defaultOpenAIModels;
    const load = async () => (await fetchModelIds(client(apiKey, options), { signal: options.signal })).filter((id) => !notChatModel.test(id)).sort();
    return modelsWithFallback(load, defaultOpenAIModels, (error) => log?.warn('Fetching OpenAI models failed; using the defaults', { error: String(error) }));
  }

  return {
    id: 'openAI',
    listModels,
    stream(request, options) {
      const apiKey = apiKeyFor(options.credentials);
      if (!apiKey) return failedStream(providerFailure('invalid_api_key', 'No API key is configured or provided for openAI'));
      const body = buildChatCompletionBody(request);
      return streamChatCompletion(() => client(apiKey, options), body, { signal: options.signal, idleTimeoutMs: settings.timeoutMs });
    },
  };
}
