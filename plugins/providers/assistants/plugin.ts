import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { customProviderPlugin } from '../custom/plugin.js';
import { assistantsDiscovery } from './discovery.js';
import { createLentModelsOnlyProvider } from './lent-models-only-provider.js';
import { assistantsSettingsSchema, type ResolvedAssistantsProviderSettings } from './settings.js';

/**
 * The assistants endpoint (see discovery.ts): the custom plugin's OpenAI-compatible client (its
 * setup) under the discovery of `endpoints.assistants` and ASSISTANTS_*, or, without a key of its
 * own, an endpoint offering only the models `modelsFrom` lends it.
 */
export const assistantsProviderPlugin: PluginDefinition<'provider', ResolvedAssistantsProviderSettings> = {
  name: 'assistants',
  kind: 'provider',
  discovery: assistantsDiscovery,
  configSchema: assistantsSettingsSchema,
  setup: (context) => {
    const { settings, log } = context;
    if (!('lentModelsOnly' in settings)) return customProviderPlugin.setup({ ...context, settings });
    log.info('the assistants endpoint has no key of its own (apiKey or ASSISTANTS_API_KEY): it is on with the models of the endpoints modelsFrom names only');
    return createLentModelsOnlyProvider(settings.name);
  },
};
