export { createCustomProvider } from './custom-provider.js';
export { customEndpointSettingsSchema, type CustomEndpointSettings, type ResolvedCustomEndpointSettings } from './settings.js';
export { customProviderPlugin } from './plugin.js';
