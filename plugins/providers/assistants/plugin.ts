import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { customProviderPlugin } from '../custom/plugin.js';
import type { ResolvedCustomEndpointSettings } from '../custom/settings.js';
import { assistantsDiscovery } from './discovery.js';

/**
 * The assistants endpoint (see discovery.ts): the custom plugin's OpenAI-compatible client (its
 * settings schema and setup) under the discovery of `endpoints.assistants` and ASSISTANTS_*.
 */
export const assistantsProviderPlugin: PluginDefinition<'provider', ResolvedCustomEndpointSettings> = {
  ...customProviderPlugin,
  name: 'assistants',
  discovery: assistantsDiscovery,
};
