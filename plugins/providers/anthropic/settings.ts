import { z } from 'zod';
import { connectionSettingsShape } from '../../shared/connection-settings.js';

/** Current models known to the installed SDK; operators usually pin their own list (ANTHROPIC_MODELS). */
export const defaultAnthropicModels = ['claude-sonnet-4-6', 'claude-opus-4-6', 'claude-haiku-4-5', 'claude-opus-4-5'];

/**
 * Settings of the anthropic endpoint (from ANTHROPIC_API_KEY, ANTHROPIC_REVERSE_PROXY, ANTHROPIC_MODELS).
 * - `apiKey`: the key, or `user_provided`.
 * - `baseURL`: a reverse proxy; default https://api.anthropic.com.
 * - `models`: a fixed list; otherwise `/v1/models` is asked when `fetchModels`, else the defaults.
 * - `defaultMaxTokens`: `max_tokens` when the conversation sets none (the API requires one; 4000 as LibreChat).
 * - `timeoutMs`, `maxRetries`, `headers`: see connection-settings.
 */
export const anthropicSettingsSchema = z.object({
  apiKey: z.string().optional(),
  baseURL: z.string().optional(),
  models: z.array(z.string()).min(1).optional(),
  fetchModels: z.boolean().default(false),
  defaultMaxTokens: z.number().int().positive().default(4000),
  ...connectionSettingsShape,
});

export type AnthropicSettings = z.input<typeof anthropicSettingsSchema>;
export type ResolvedAnthropicSettings = z.output<typeof anthropicSettingsSchema>;
