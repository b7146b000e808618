import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { azureOpenAIDiscovery } from './discovery.js';
import { azureOpenAISettingsSchema, type ResolvedAzureOpenAISettings } from './settings.js';

// The provider and its SDK load on setup: a server that does not configure Azure OpenAI never pays
// for them (an SDK is 2 to 20 MB of memory and up to a tenth of a second at start).
export const azureOpenAIProviderPlugin: PluginDefinition<'provider', ResolvedAzureOpenAISettings> = {
  name: 'azureOpenAI',
  kind: 'provider',
  discovery: azureOpenAIDiscovery,
  configSchema: azureOpenAISettingsSchema,
  setup: async ({ settings }) => (await import('./azure-openai-provider.js')).createAzureOpenAIProvider(settings),
};
