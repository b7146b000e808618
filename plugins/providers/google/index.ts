import type { ChatProvider, PluginDefinition } from '../../../core/plugin-api/index.js';
import { createGoogleProvider } from './google-provider.js';
import { googleSettingsSchema, type ResolvedGoogleSettings } from './settings.js';

export { createGoogleProvider } from './google-provider.js';
export { defaultGoogleModels, googleSettingsSchema, type GoogleSettings, type ResolvedGoogleSettings } from './settings.js';

export const googleProviderPlugin: PluginDefinition<ResolvedGoogleSettings, ChatProvider> = {
  name: 'google',
  kind: 'provider',
  configSchema: googleSettingsSchema,
  setup: ({ settings }) => createGoogleProvider(settings),
};
