import { z } from 'zod';
import type { ProviderDiscovery } from '../../../core/plugin-api/index.js';
import { commaList, environmentText, keyedEndpoint, sharedYamlShape } from '../../shared/endpoint-discovery.js';

const environment = z.object({ OPENAI_API_KEY: environmentText, OPENAI_REVERSE_PROXY: environmentText, OPENAI_MODELS: environmentText, PLUGIN_MODELS: environmentText });
const yaml = z.object({ ...sharedYamlShape, baseURL: z.string().optional() });

/**
 * OPENAI_API_KEY turns the openAI endpoint on (`user_provided`: each user brings a key). The yaml's
 * `endpoints.openAI.baseURL` wins over OPENAI_REVERSE_PROXY, as in LibreChat; OPENAI_MODELS fixes the list.
 *
 * The same key turns on the plugins endpoint (gptPlugins), LibreChat's OpenAI with tools: same base
 * URL, a user's key saved under `openAI` (where LibreChat's client saves it), and its own model list,
 * PLUGIN_MODELS, or else the API's list (LibreChat reads PLUGIN_MODELS there, never OPENAI_MODELS).
 */
export const openAIDiscovery: ProviderDiscovery<z.output<typeof environment>, z.output<typeof yaml>> = {
  environment,
  yamlKey: 'openAI',
  yaml,
  discover: ({ env, yaml: own }) => {
    const baseURL = own?.baseURL ?? env.OPENAI_REVERSE_PROXY;
    return [
      ...keyedEndpoint({ name: 'openAI', apiKey: env.OPENAI_API_KEY, settings: { baseURL, models: commaList(env.OPENAI_MODELS) }, own }),
      ...keyedEndpoint({ name: 'gptPlugins', apiKey: env.OPENAI_API_KEY, settings: { baseURL, models: commaList(env.PLUGIN_MODELS) }, own }).map((candidate) => ({ ...candidate, keyName: 'openAI' })),
    ];
  },
};
