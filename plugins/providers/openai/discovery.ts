import { z } from 'zod';
import type { ProviderDiscovery } from '../../../core/plugin-api/index.js';
import { commaList, environmentText, keyedEndpoint, sharedYamlShape } from '../../shared/endpoint-discovery.js';

const environment = z.object({ OPENAI_API_KEY: environmentText, OPENAI_REVERSE_PROXY: environmentText, OPENAI_MODELS: environmentText });
const yaml = z.object({ ...sharedYamlShape, baseURL: z.string().optional() });

/**
 * OPENAI_API_KEY turns the openAI endpoint on (`user_provided`: each user brings a key). The yaml's
 * `endpoints.openAI.baseURL` wins over OPENAI_REVERSE_PROXY, as in LibreChat; OPENAI_MODELS fixes the list.
 */
export const openAIDiscovery: ProviderDiscovery<z.output<typeof environment>, z.output<typeof yaml>> = {
  environment,
  yamlKey: 'openAI',
  yaml,
  discover: ({ env, yaml: own }) =>
    keyedEndpoint({ name: 'openAI', apiKey: env.OPENAI_API_KEY, settings: { baseURL: own?.baseURL ?? env.OPENAI_REVERSE_PROXY, models: commaList(env.OPENAI_MODELS) }, own }),
};
