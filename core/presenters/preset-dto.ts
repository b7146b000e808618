import type { PresetDto } from '../protocol/preset.js';
import type { Preset } from '../store/repositories/presets.js';
import { nullableEndpointSettings, omitNulls } from './wire-nulls.js';

/** Contract §2.2: the preset fields that may be null. `order`, `defaultPreset` and `endpointType` never are. */
const nullableFields = new Set<string>(['presetId', 'title', 'endpoint', 'conversationId', ...nullableEndpointSettings]);

/**
 * A stored preset on the wire: flat, every stored option passed through, dates as ISO strings, no
 * null the client rejects. Its `tools` (plugin keys) stay stored but are not sent, as for
 * conversations: LibreChat's client reads whole plugin objects there, and a preset with keys would
 * be reset to the endpoint's defaults when applied (contract §1.3).
 */
export function toPresetDto(preset: Preset): PresetDto {
  const { order, tools: _keys, ...rest } = omitNulls(preset, nullableFields);
  return {
    ...rest,
    ...(order === null ? {} : { order }),
    createdAt: preset.createdAt.toISOString(),
    updatedAt: preset.updatedAt.toISOString(),
  };
}
