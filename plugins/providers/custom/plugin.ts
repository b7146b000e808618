import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { customDiscovery } from './discovery.js';
import { customEndpointSettingsSchema, type ResolvedCustomEndpointSettings } from './settings.js';

// The provider and its SDK load on setup: a server that does not configure a custom endpoint never pays
// for them (an SDK is 2 to 20 MB of memory and up to a tenth of a second at start).
/** Set up once per `endpoints.custom[]` entry; each instance is the endpoint named by the entry. */
export const customProviderPlugin: PluginDefinition<'provider', ResolvedCustomEndpointSettings> = {
  name: 'custom',
  kind: 'provider',
  discovery: customDiscovery,
  configSchema: customEndpointSettingsSchema,
  setup: async ({ settings, log }) => (await import('./custom-provider.js')).createCustomProvider(settings, log),
};
