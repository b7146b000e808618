import type { PresetDto } from '../../protocol/preset.js';
import type { Preset } from '../../store/types.js';

/** A stored preset on the wire: flat, every stored option passed through, dates as ISO strings. */
export function toPresetDto(preset: Preset): PresetDto {
  return {
    ...preset,
    createdAt: preset.createdAt.toISOString(),
    updatedAt: preset.updatedAt.toISOString(),
  };
}
