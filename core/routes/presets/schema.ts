import type { z } from 'zod';
import { ValidationError } from '../../errors/index.js';
import { presetImportLimit, presetRequestSchema } from '../../protocol/preset.js';

export type ParsedPreset = z.output<typeof presetRequestSchema>;

/**
 * POST /api/presets/import takes one preset or a list. Every item is checked before anything is
 * saved, so an import lands whole or not at all; the 400 names the first bad item by its index.
 */
export function parsePresetImport(body: unknown): ParsedPreset[] {
  if (body === undefined || body === null || typeof body !== 'object') throw new ValidationError('Expected a preset or a list of presets');
  const items: unknown[] = Array.isArray(body) ? body : [body];
  if (items.length === 0) throw new ValidationError('Expected at least one preset');
  if (items.length > presetImportLimit) throw new ValidationError(`At most ${presetImportLimit} presets can be imported at once`);
  return items.map((item, index) => {
    const result = presetRequestSchema.safeParse(item);
    if (result.success) return result.data;
    const issues = result.error.issues.map((issue) => ({ path: [index, ...issue.path].join('.'), message: issue.message }));
    throw new ValidationError(`Preset at index ${index}: ${issues[0].message}`, { index, issues });
  });
}
