import { z } from 'zod';

/** LibreChat's models of the chatGPTBrowser endpoint when CHATGPT_MODELS is unset. */
export const defaultChatGPTBrowserModels = ['text-davinci-002-render-sha', 'gpt-4'];

/**
 * Settings of the chatGPTBrowser endpoint (CHATGPT_TOKEN, CHATGPT_REVERSE_PROXY, CHATGPT_MODELS).
 * - `apiKey`: the ChatGPT access token, or `user_provided`.
 * - `reverseProxyUrl`: the proxy's `conversation` URL (LibreChat's default, now gone, kept as the default).
 * - `models`: the offered models.
 */
export const chatGPTBrowserSettingsSchema = z.object({
  apiKey: z.string().optional(),
  reverseProxyUrl: z.string().default('https://ai.fakeopen.com/api/conversation'),
  models: z.array(z.string()).min(1).default(defaultChatGPTBrowserModels),
});

export type ChatGPTBrowserSettings = z.input<typeof chatGPTBrowserSettingsSchema>;
export type ResolvedChatGPTBrowserSettings = z.output<typeof chatGPTBrowserSettingsSchema>;
