import type { PresetDto } from '../protocol/preset.js';
import type { Preset } from '../store/repositories/presets.js';
import { nullableEndpointSettings, omitNulls } from './wire-nulls.js';

/** Contract §2.2: the preset fields that may be null. `order`, `defaultPreset` and `endpointType` never are. */
const nullableFields = new Set<string>(['presetId', 'title', 'endpoint', 'conversationId', ...nullableEndpointSettings]);

/** A stored preset on the wire: flat, every stored option passed through, dates as ISO strings, no null the client rejects. */
export function toPresetDto(preset: Preset): PresetDto {
  const { order, ...rest } = omitNulls(preset, nullableFields);
  return {
    ...rest,
    ...(order === null ? {} : { order }),
    createdAt: preset.createdAt.toISOString(),
    updatedAt: preset.updatedAt.toISOString(),
  };
}
