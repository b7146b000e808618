import { z } from 'zod';
import { modelEndpointSchema } from './endpoint-name.js';

/** One endpoint's TConfig in GET /api/endpoints (contract §2.9). */
export const endpointConfigSchema = z.object({
  order: z.number().optional(),
  type: modelEndpointSchema.optional(),
  userProvide: z.boolean().nullable().optional(),
  userProvideURL: z.boolean().nullable().optional(),
  azure: z.boolean().optional(),
  iconURL: z.string().optional(),
  modelDisplayLabel: z.string().optional(),
  plugins: z.record(z.string(), z.string()).optional(),
  disableBuilder: z.boolean().optional(),
  retrievalModels: z.array(z.string()).optional(),
  capabilities: z.array(z.enum(['code_interpreter', 'image_vision', 'retrieval', 'actions', 'tools'])).optional(),
});

/** The built-in names: every other key is a custom endpoint, which needs `type: "custom"` (trap 4). */
export const builtInEndpoints: ReadonlySet<string> = new Set(modelEndpointSchema.options.filter((name) => name !== 'custom'));

/** GET /api/endpoints: an object keyed by endpoint name; null or false hides one. */
export const endpointsConfigSchema = z.record(z.string(), z.union([endpointConfigSchema, z.null(), z.literal(false)])).superRefine((config, context) => {
  for (const [name, entry] of Object.entries(config)) {
    if (!entry) continue;
    if (builtInEndpoints.has(name) && entry.type !== undefined) {
      context.addIssue({ code: 'custom', path: [name, 'type'], message: 'a built-in endpoint must not carry a type' });
    }
    if (!builtInEndpoints.has(name) && entry.type !== 'custom') {
      context.addIssue({ code: 'custom', path: [name, 'type'], message: 'a custom endpoint needs type "custom"' });
    }
  }
});

/** GET /api/models: endpoint name → model ids, and never the client's placeholder key `initial`. */
export const modelsConfigSchema = z.record(z.string(), z.array(z.string())).refine((models) => !('initial' in models), 'must not hold the key "initial"');
