import { z } from 'zod';
import { endpointOptionsSchema } from '../../core/protocol/preset.js';
import { always } from './common.js';

/**
 * A spec's preset: the conversation options of a preset (same names and ranges as `POST /api/presets`,
 * so a spec can never hold what a saved preset could not), with the endpoint required. Strict, so a
 * preset key chatbox does not know is reported as ignored instead of vanishing silently.
 */
const modelSpecPresetSchema = z.strictObject({
  ...endpointOptionsSchema.shape,
  endpoint: z.string().trim().min(1, { error: 'a model spec preset needs an endpoint' }),
});

/** One entry of the curated model picker. */
export const modelSpecSchema = z.strictObject({
  /** Stable id: stored on conversations as `spec` and checked by `enforce`. */
  name: z.string().trim().min(1),
  label: z.string().trim().min(1),
  preset: modelSpecPresetSchema,
  /** Applied to every new conversation. */
  default: z.boolean().optional(),
  description: z.string().optional(),
  /** An image URL, or an endpoint name whose icon to borrow. */
  iconURL: z.string().optional(),
  showIconInMenu: z.boolean().optional(),
  showIconInHeader: z.boolean().optional(),
  /** Position in the picker; lower first, unordered specs after, in file order. */
  order: z.number().optional(),
});

/** `modelSpecs`: labelled presets offered in the endpoint menu; with `enforce`, the only choices. */
export const modelSpecsSchema = z.strictObject({
  /** Only the specs may be used: the picker shows nothing else and the server refuses other asks. */
  enforce: z.boolean().default(false),
  /** The specs come first in the picker and the default spec wins over the user's default preset. */
  prioritize: z.boolean().default(true),
  list: z.array(modelSpecSchema).min(1, { error: 'modelSpecs.list needs at least one spec' }).superRefine(checkNamesAndDefault, always),
});

/** Defensive about types: it runs even when a spec failed, to report everything at once. */
function checkNamesAndDefault(list: Array<{ name?: unknown; default?: unknown } | null>, context: z.RefinementCtx): void {
  if (!Array.isArray(list)) return;
  const seen = new Set<string>();
  let defaults = 0;
  list.forEach((spec, index) => {
    if (typeof spec?.name === 'string') {
      if (seen.has(spec.name)) context.addIssue({ code: 'custom', path: [index, 'name'], message: `duplicate model spec name "${spec.name}"` });
      seen.add(spec.name);
    }
    if (spec?.default === true && ++defaults === 2) {
      context.addIssue({ code: 'custom', path: [index, 'default'], message: 'only one model spec can be the default' });
    }
  });
}

export type ModelSpecsConfig = z.output<typeof modelSpecsSchema>;
export type ModelSpecConfig = z.output<typeof modelSpecSchema>;
