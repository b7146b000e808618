import { z } from 'zod';
import type { EndpointCandidate, ProviderDiscovery } from '../../../core/plugin-api/index.js';
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
type CustomEntry = z.output<typeof entrySchema>;

/**
 * `provider: anthropic` (config 1.3) talks to the endpoint with the native Messages API client; its
 * models are the listed ones (LibreChat does not fetch them: `/models` is an OpenAI convention).
 * Anything else is OpenAI-compatible (other provider names are listed as ignored at start).
 */
function customClient(custom: CustomEntry): Pick<EndpointCandidate, 'plugin' | 'settings'> {
  if (custom.provider !== 'anthropic') return { settings: custom };
  return { plugin: 'anthropic', settings: { apiKey: custom.apiKey, baseURL: custom.baseURL, models: custom.models.default, headers: custom.headers } };
}

/** Each `endpoints.custom` entry is an endpoint of its own name and of type custom; it reads no environment variable. */
export const customDiscovery: ProviderDiscovery<Record<string, never>, CustomEntry[]> = {
  environment: z.object({}),
  yamlKey: 'custom',
  yaml: z.array(entrySchema),
  discover: ({ yaml: entries }) =>
    (entries ?? []).map((custom) => ({
      name: custom.name,
      ...customClient(custom),
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
