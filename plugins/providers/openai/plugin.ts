import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { openAIDiscovery } from './discovery.js';
import { openAISettingsSchema, type ResolvedOpenAISettings } from './settings.js';

// The provider and its SDK load on setup: a server that does not configure OpenAI never pays
// for them (an SDK is 2 to 20 MB of memory and up to a tenth of a second at start).
export const openAIProviderPlugin: PluginDefinition<'provider', ResolvedOpenAISettings> = {
  name: 'openAI',
  kind: 'provider',
  discovery: openAIDiscovery,
  configSchema: openAISettingsSchema,
  setup: async ({ settings, log }) => (await import('./openai-provider.js')).createOpenAIProvider(settings, log),
};
