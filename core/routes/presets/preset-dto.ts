import type { PresetDto } from '../../protocol/preset.js';
import type { Preset } from '../../store/types.js';
import { withoutNulls } from '../without-nulls.js';

/**
 * The preset fields LibreChat v0.7.1's client accepts as null (its preset schema); any other null
 * (`order`, `temperature` …) makes the client drop the preset's settings, so it is left out.
 */
const nullablePresetFields: ReadonlySet<string> = new Set([
  'presetId', 'title', 'endpoint', 'conversationId', 'model', 'modelLabel', 'chatGptLabel', 'promptPrefix', 'systemMessage',
  'jailbreakConversationId', 'conversationSignature', 'clientId', 'invocationId', 'toneStyle', 'agentOptions',
]);

/** A stored preset on the wire: flat, every stored option with a value passed through, dates as ISO strings. */
export function toPresetDto(preset: Preset): PresetDto {
  return withoutNulls({
    ...preset,
    createdAt: preset.createdAt.toISOString(),
    updatedAt: preset.updatedAt.toISOString(),
  }, nullablePresetFields);
}
