export { createBingProvider } from './bing-ai-provider.js';
export { bingModels, bingSettingsSchema, type BingSettings, type ResolvedBingSettings } from './settings.js';
export { bingProviderPlugin } from './plugin.js';
