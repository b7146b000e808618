import { z } from 'zod';
import { connectionSettingsShape } from '../../shared/connection-settings.js';

export const defaultGoogleModels = ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-lite', 'gemini-2.0-flash'];

/**
 * Settings of the google endpoint (Gemini API with an API key: GOOGLE_KEY, GOOGLE_REVERSE_PROXY, GOOGLE_MODELS).
 * - `apiKey`: the key, or `user_provided`.
 * - `baseURL`: a reverse proxy; default https://generativelanguage.googleapis.com.
 * - `apiVersion`: path segment after the base URL; default v1beta (systemInstruction needs it).
 * - `models`: the list shown; default `defaultGoogleModels`. Retired PaLM names are left out.
 * - `timeoutMs`, `maxRetries` (unused: this SDK has no retries), `headers`: see connection-settings.
 */
export const googleSettingsSchema = z.object({
  apiKey: z.string().optional(),
  baseURL: z.string().optional(),
  apiVersion: z.string().default('v1beta'),
  models: z.array(z.string()).min(1).optional(),
  ...connectionSettingsShape,
});

export type GoogleSettings = z.input<typeof googleSettingsSchema>;
export type ResolvedGoogleSettings = z.output<typeof googleSettingsSchema>;
