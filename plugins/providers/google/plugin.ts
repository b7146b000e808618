import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { googleDiscovery } from './discovery.js';
import { googleSettingsSchema, type ResolvedGoogleSettings } from './settings.js';

// The provider and its SDK load on setup: a server that does not configure Google never pays
// for them (an SDK is 2 to 20 MB of memory and up to a tenth of a second at start).
export const googleProviderPlugin: PluginDefinition<'provider', ResolvedGoogleSettings> = {
  name: 'google',
  kind: 'provider',
  discovery: googleDiscovery,
  configSchema: googleSettingsSchema,
  setup: async ({ settings }) => (await import('./google-provider.js')).createGoogleProvider(settings),
};
