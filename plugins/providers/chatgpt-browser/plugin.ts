import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { chatGPTBrowserDiscovery } from './discovery.js';
import { chatGPTBrowserSettingsSchema, type ResolvedChatGPTBrowserSettings } from './settings.js';

export const chatGPTBrowserProviderPlugin: PluginDefinition<'provider', ResolvedChatGPTBrowserSettings> = {
  name: 'chatGPTBrowser',
  kind: 'provider',
  discovery: chatGPTBrowserDiscovery,
  configSchema: chatGPTBrowserSettingsSchema,
  setup: async ({ settings }) => (await import('./chatgpt-browser-provider.js')).createChatGPTBrowserProvider(settings),
};
