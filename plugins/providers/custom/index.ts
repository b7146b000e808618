import type { ChatProvider, PluginDefinition } from '../../../core/plugin-api/index.js';
import { createCustomProvider } from './custom-provider.js';
import { customEndpointSettingsSchema, type ResolvedCustomEndpointSettings } from './settings.js';

export { createCustomProvider } from './custom-provider.js';
export { customEndpointSettingsSchema, type CustomEndpointSettings, type ResolvedCustomEndpointSettings } from './settings.js';

/** Set up once per `endpoints.custom[]` entry; each instance is the endpoint named by the entry. */
export const customProviderPlugin: PluginDefinition<ResolvedCustomEndpointSettings, ChatProvider> = {
  name: 'custom',
  kind: 'provider',
  configSchema: customEndpointSettingsSchema,
  setup: ({ settings, log }) => createCustomProvider(settings, log),
};
