import { z } from 'zod';
import type { ProviderDiscovery } from '../../../core/plugin-api/index.js';
import { USER_PROVIDED, commaList, environmentText, sharedSettings, sharedYamlShape } from '../../shared/endpoint-discovery.js';

const environment = z.object({ AZURE_API_KEY: environmentText, AZURE_OPENAI_MODELS: environmentText });
// The groups go to the plugin's settings as written; its configSchema checks them at setup.
const yaml = z.object({ ...sharedYamlShape, groups: z.array(z.unknown()).optional(), customOrder: z.number().optional(), timeoutMs: z.number().optional(), plugins: z.boolean().optional() });

/**
 * `endpoints.azureOpenAI` (its groups of deployments) turns the azureOpenAI endpoint on; without it,
 * AZURE_API_KEY=user_provided offers it with each user's own Azure credentials. AZURE_OPENAI_MODELS
 * lists the models either way. With `plugins: true` the same groups serve the plugins endpoint
 * (gptPlugins) too, in place of OpenAI's, as in LibreChat.
 */
export const azureOpenAIDiscovery: ProviderDiscovery<z.output<typeof environment>, z.output<typeof yaml>> = {
  environment,
  yamlKey: 'azureOpenAI',
  yaml,
  discover: ({ env, yaml: own }) => {
    const models = commaList(env.AZURE_OPENAI_MODELS);
    if (own) {
      const azure = {
        name: 'azureOpenAI', settings: { groups: own.groups, models }, userProvide: false, userProvideURL: false, azure: true,
        ...sharedSettings(own), order: own.customOrder, timeoutMs: own.timeoutMs,
      };
      // The plugins endpoint keeps its own place in the order (customOrder is the azureOpenAI entry's).
      return own.plugins ? [azure, { ...azure, name: 'gptPlugins', order: undefined }] : [azure];
    }
    if (env.AZURE_API_KEY !== USER_PROVIDED) return [];
    return [{ name: 'azureOpenAI', settings: { models }, userProvide: true, userProvideURL: false, azure: true, ...sharedSettings(undefined) }];
  },
};
