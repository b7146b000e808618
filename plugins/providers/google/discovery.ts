import { z } from 'zod';
import type { ProviderDiscovery } from '../../../core/plugin-api/index.js';
import { commaList, environmentText, keyedEndpoint, sharedYamlShape } from '../../shared/endpoint-discovery.js';

const environment = z.object({ GOOGLE_KEY: environmentText, GOOGLE_REVERSE_PROXY: environmentText, GOOGLE_MODELS: environmentText });
const yaml = z.object({ ...sharedYamlShape, baseURL: z.string().optional() });

/** GOOGLE_KEY turns the google endpoint on; the yaml's `endpoints.google.baseURL` wins over GOOGLE_REVERSE_PROXY. */
export const googleDiscovery: ProviderDiscovery<z.output<typeof environment>, z.output<typeof yaml>> = {
  environment,
  yamlKey: 'google',
  yaml,
  discover: ({ env, yaml: own }) =>
    keyedEndpoint({ name: 'google', apiKey: env.GOOGLE_KEY, settings: { baseURL: own?.baseURL ?? env.GOOGLE_REVERSE_PROXY, models: commaList(env.GOOGLE_MODELS) }, own }),
};
