import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { bingDiscovery } from './discovery.js';
import { bingSettingsSchema, type ResolvedBingSettings } from './settings.js';

// The websocket client loads on setup: a server without Bing never pays for it.
export const bingProviderPlugin: PluginDefinition<'provider', ResolvedBingSettings> = {
  name: 'bingAI',
  kind: 'provider',
  discovery: bingDiscovery,
  configSchema: bingSettingsSchema,
  setup: async ({ settings }) => (await import('./bing-ai-provider.js')).createBingProvider(settings),
};
