import { z } from 'zod';
import type { CustomEndpointEntry, EndpointCandidate, ProviderDiscovery } from '../../../core/plugin-api/index.js';
import { USER_PROVIDED, sharedSettings, sharedYamlShape } from '../../shared/endpoint-discovery.js';

// Loose: an entry goes to the plugin's settings with every key it was written with (as before
// discovery moved here); the plugin's configSchema picks what it uses.
const entrySchema = z.looseObject({
  ...sharedYamlShape,
  name: z.string(),
  apiKey: z.string(),
  baseURL: z.string(),
  provider: z.string().optional(),
  iconURL: z.string().optional(),
  modelDisplayLabel: z.string().optional(),
  customOrder: z.number().optional(),
  timeoutMs: z.number().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  models: z.looseObject({ default: z.array(z.string()) }),
});

/**
 * An entry's `provider` (config 1.3), unless it asks for the OpenAI-compatible client this plugin is:
 * core hands the entry to the provider plugin of that name when one serves custom endpoints
 * (`customEndpoint`, as anthropic does); otherwise this plugin serves it as OpenAI-compatible.
 */
function requestedProvider(custom: CustomEndpointEntry): EndpointCandidate['requestedProvider'] {
  if (custom.provider === undefined || custom.provider.toLowerCase() === 'openai') return undefined;
  return { name: custom.provider, entry: custom };
}

/** Each `endpoints.custom` entry is an endpoint of its own name and of type custom; it reads no environment variable. */
export const customDiscovery: ProviderDiscovery<Record<string, never>, CustomEndpointEntry[]> = {
  environment: z.object({}),
  yamlKey: 'custom',
  yaml: z.array(entrySchema),
  discover: ({ yaml: entries }) =>
    (entries ?? []).map((custom) => ({
      name: custom.name,
      settings: custom,
      requestedProvider: requestedProvider(custom),
      type: 'custom',
      userProvide: custom.apiKey === USER_PROVIDED,
      userProvideURL: custom.baseURL === USER_PROVIDED,
      iconURL: custom.iconURL,
      modelDisplayLabel: custom.modelDisplayLabel,
      ...sharedSettings(custom),
      order: custom.customOrder,
      timeoutMs: custom.timeoutMs,
    })),
};
