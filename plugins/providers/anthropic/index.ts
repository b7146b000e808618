export { createAnthropicProvider } from './anthropic-provider.js';
export { anthropicSettingsSchema, defaultAnthropicModels, type AnthropicSettings, type ResolvedAnthropicSettings } from './settings.js';
export { anthropicProviderPlugin } from './plugin.js';
