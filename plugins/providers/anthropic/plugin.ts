import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { anthropicDiscovery } from './discovery.js';
import { anthropicSettingsSchema, type ResolvedAnthropicSettings } from './settings.js';

// The provider and its SDK load on setup: a server that does not configure Anthropic never pays
// for them (an SDK is 2 to 20 MB of memory and up to a tenth of a second at start).
export const anthropicProviderPlugin: PluginDefinition<'provider', ResolvedAnthropicSettings> = {
  name: 'anthropic',
  kind: 'provider',
  discovery: anthropicDiscovery,
  configSchema: anthropicSettingsSchema,
  setup: async ({ settings, log }) => (await import('./anthropic-provider.js')).createAnthropicProvider(settings, log),
};
