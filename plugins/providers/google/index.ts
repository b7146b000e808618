export { createGoogleProvider } from './google-provider.js';
export { defaultGoogleModels, googleSettingsSchema, type GoogleSettings, type ResolvedGoogleSettings } from './settings.js';
export { googleProviderPlugin } from './plugin.js';
