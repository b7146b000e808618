export { createOpenAIProvider } from './openai-provider.js';
export { defaultOpenAIModels, openAISettingsSchema, type OpenAISettings, type ResolvedOpenAISettings } from './settings.js';
export { openAIProviderPlugin } from './plugin.js';
