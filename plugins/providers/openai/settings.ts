import { z } from 'zod';
import { connectionSettingsShape } from '../../shared/connection-settings.js';

export const defaultOpenAIModels = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'o4-mini', 'o3-mini', 'gpt-4-turbo', 'gpt-3.5-turbo'];

/**
 * Settings of the openAI endpoint (from OPENAI_API_KEY, OPENAI_REVERSE_PROXY, OPENAI_MODELS …).
 * - `apiKey`: the key, or `user_provided` so that each user brings one (StreamOptions.credentials).
 * - `baseURL`: a reverse proxy or compatible gateway; default https://api.openai.com/v1.
 * - `organization`: sent as OpenAI-Organization.
 * - `models`: a fixed model list; when absent the list is fetched from `/models` (if `fetchModels`),
 *   falling back to `defaultOpenAIModels`.
 * - `timeoutMs`, `maxRetries`, `headers`: see connection-settings.
 */
export const openAISettingsSchema = z.object({
  apiKey: z.string().optional(),
  baseURL: z.string().optional(),
  organization: z.string().optional(),
  models: z.array(z.string()).min(1).optional(),
  fetchModels: z.boolean().default(true),
  ...connectionSettingsShape,
});

/** What a caller may pass (defaults optional). */
export type OpenAISettings = z.input<typeof openAISettingsSchema>;
/** After validation, defaults applied. */
export type ResolvedOpenAISettings = z.output<typeof openAISettingsSchema>;
