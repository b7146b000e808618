import OpenAI from 'openai';
import type { ChatProvider } from '../../../core/plugin-api/index.js';
import { createClientCache } from '../../shared/client-cache.js';
import { failedStream } from '../../shared/guard-stream.js';
import { buildChatCompletionBody, streamChatCompletion } from '../../shared/openai-compatible/index.js';
import { isFailure, resolveAzureTarget, type AzureTarget } from './resolve-target.js';
import { azureOpenAISettingsSchema, type AzureOpenAISettings, type ResolvedAzureOpenAISettings } from './settings.js';

/** `stream_options` (the usage chunk) exists from API version 2024-09-01; older versions reject it. */
const supportsUsageChunk = (apiVersion?: string) => apiVersion !== undefined && apiVersion >= '2024-09-01';

/**
 * The plain OpenAI client with Azure's URL, `api-version` query and `api-key` header: unlike the SDK's
 * AzureOpenAI client it takes LibreChat's baseURL forms (gateways, serverless) without rewriting paths.
 */
function createClient(target: AzureTarget, settings: ResolvedAzureOpenAISettings, fetch?: typeof globalThis.fetch): OpenAI {
  return new OpenAI({
    fetch,
    apiKey: target.apiKey,
    baseURL: target.baseURL,
    defaultQuery: target.apiVersion ? { 'api-version': target.apiVersion } : undefined,
    // Azure authenticates with api-key; the bearer header the SDK would add is removed.
    defaultHeaders: { ...target.headers, 'api-key': target.apiKey, Authorization: null },
    organization: null,
    project: null,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logLevel: 'off',
  });
}

function modelNames(settings: ResolvedAzureOpenAISettings): string[] {
  const names = settings.groups.flatMap((group) => Object.keys(group.models));
  return [...new Set([...names, ...(settings.models ?? [])])];
}

/** The azureOpenAI endpoint: chat completions on Azure OpenAI deployments, grouped as in librechat.yaml. */
export function createAzureOpenAIProvider(input: AzureOpenAISettings = {}): ChatProvider {
  const settings = azureOpenAISettingsSchema.parse(input);
  const clientFor = createClientCache<OpenAI>();
  const client = (target: AzureTarget, fetch?: typeof globalThis.fetch) =>
    clientFor([target.apiKey, target.baseURL, target.apiVersion, target.headers], fetch, () => createClient(target, settings, fetch));
  return {
    id: 'azureOpenAI',
    listModels: async () => modelNames(settings),
    stream(request, options) {
      const target = resolveAzureTarget(settings, request.model, options.credentials);
      if (isFailure(target)) return failedStream(target);
      const body = buildChatCompletionBody(request, {
        includeUsage: supportsUsageChunk(target.apiVersion),
        addParams: target.addParams,
        dropParams: target.dropParams,
      });
      return streamChatCompletion(() => client(target, options.fetch), body, { signal: options.signal, idleTimeoutMs: settings.timeoutMs });
    },
  };
}
