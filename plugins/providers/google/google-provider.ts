import { GoogleGenerativeAI } from '@google/generative-ai';
import type { ChatProvider, ProviderCredentials } from '../../../core/plugin-api/index.js';
import { pickCredential } from '../../shared/credentials.js';
import { failedStream, guardStream } from '../../shared/guard-stream.js';
import { providerFailure } from '../../shared/provider-failure.js';
import { buildGeminiRequest, isPalmModel } from './build-request.js';
import { GeminiChunkMapper } from './chunk-mapper.js';
import { classifyGoogleError } from './classify-error.js';
import { defaultGoogleModels, googleSettingsSchema, type GoogleSettings } from './settings.js';

/** The google endpoint: Gemini through @google/generative-ai with an API key. */
export function createGoogleProvider(input: GoogleSettings = {}): ChatProvider {
  const settings = googleSettingsSchema.parse(input);
  const models = (settings.models ?? defaultGoogleModels).filter((model) => !isPalmModel(model));
  const apiKeyFor = (credentials?: ProviderCredentials) => pickCredential(credentials?.apiKey, settings.apiKey);

  return {
    id: 'google',
    listModels: async () => models,
    stream(request, options) {
      const apiKey = apiKeyFor(options.credentials);
      if (!apiKey) return failedStream(providerFailure('invalid_api_key', 'No API key is configured or provided for google'));
      const built = buildGeminiRequest(request);
      if ('kind' in built) return failedStream(built);
      const { contents, ...modelParams } = built;
      // No SDK `timeout`: it would cut long streams, and its timer is never cleared. The guard's idle timer covers silence.
      const requestOptions = {
        // Only the configured URL: this SDK takes no fetch, so a user URL could not pass the SSRF guard.
        baseUrl: settings.baseURL,
        apiVersion: settings.apiVersion,
        customHeaders: settings.headers,
      };
      return guardStream({ signal: options.signal, classify: classifyGoogleError, idleTimeoutMs: settings.timeoutMs }, async function* (signal) {
        const model = new GoogleGenerativeAI(apiKey).getGenerativeModel({ model: request.model, ...modelParams }, requestOptions);
        const result = await model.generateContentStream({ contents }, { signal });
        // The SDK tees the body into an aggregate promise nobody reads; its rejection must not go unhandled.
        result.response.catch(() => undefined);
        const mapper = new GeminiChunkMapper();
        for await (const chunk of result.stream) yield* mapper.push(chunk);
        yield* mapper.end();
      });
    },
  };
}
