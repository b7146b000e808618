import { z } from 'zod';
import type { ProviderDiscovery } from '../../../core/plugin-api/index.js';
import { commaList, environmentText, keyedEndpoint, sharedYamlShape } from '../../shared/endpoint-discovery.js';

const environment = z.object({ ANTHROPIC_API_KEY: environmentText, ANTHROPIC_REVERSE_PROXY: environmentText, ANTHROPIC_MODELS: environmentText });
const yaml = z.object({ ...sharedYamlShape, baseURL: z.string().optional(), models: z.array(z.string()).optional() });

/**
 * ANTHROPIC_API_KEY turns the anthropic endpoint on. The yaml's `endpoints.anthropic` baseURL and model
 * list win over ANTHROPIC_REVERSE_PROXY and ANTHROPIC_MODELS, as in LibreChat.
 */
export const anthropicDiscovery: ProviderDiscovery<z.output<typeof environment>, z.output<typeof yaml>> = {
  environment,
  yamlKey: 'anthropic',
  yaml,
  discover: ({ env, yaml: own }) =>
    keyedEndpoint({
      name: 'anthropic',
      apiKey: env.ANTHROPIC_API_KEY,
      settings: { baseURL: own?.baseURL ?? env.ANTHROPIC_REVERSE_PROXY, models: own?.models ?? commaList(env.ANTHROPIC_MODELS) },
      own,
    }),
  // A custom endpoint with `provider: anthropic` (config 1.3) talks the native Messages API; its models
  // are the listed ones (LibreChat does not fetch them: `/models` is an OpenAI convention).
  customEndpoint: (entry) => ({ apiKey: entry.apiKey, baseURL: entry.baseURL, models: entry.models.default, headers: entry.headers }),
};
