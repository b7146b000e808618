import { z } from 'zod';

/** LibreChat's models of the bingAI endpoint: the mode, Sydney being the jailbreak. */
export const bingModels = ['BingAI', 'Sydney'];

/**
 * Settings of the bingAI endpoint (from BINGAI_TOKEN and BINGAI_HOST).
 * - `apiKey`: the cookie header (or a bare `_U` value), or `user_provided`.
 * - `host`: where conversations are created; default https://www.bing.com.
 * - `socketURL`: the ChatHub websocket. Bing's is fixed (wss://sydney.bing.com); with a BINGAI_HOST
 *   set, a compatible reverse proxy serves it at `<host>/sydney/ChatHub`.
 * - `timeoutMs`: longest wait for Bing's answer (nodejs-gpt's 300 s).
 */
export const bingSettingsSchema = z.object({
  apiKey: z.string().optional(),
  host: z.string().default('https://www.bing.com'),
  socketURL: z.string().optional(),
  timeoutMs: z.number().int().positive().default(300_000),
});

export type BingSettings = z.input<typeof bingSettingsSchema>;
export type ResolvedBingSettings = z.output<typeof bingSettingsSchema>;

/** The ChatHub address: Bing's own, or the reverse proxy's at BINGAI_HOST. */
export function chatHubUrl(settings: ResolvedBingSettings, hostWasSet: boolean): string {
  if (settings.socketURL) return settings.socketURL;
  if (!hostWasSet) return 'wss://sydney.bing.com/sydney/ChatHub';
  const url = new URL('/sydney/ChatHub', settings.host);
  url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  return url.toString();
}
