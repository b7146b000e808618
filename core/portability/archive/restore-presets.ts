import type { Store } from '../../store/types.js';
import type { EndpointOptions } from '../../store/repositories/common.js';
import { optionsOf } from '../formats/librechat.js';
import { ImportError } from '../imported-conversation.js';
import { isRecord, stringOf } from '../source-values.js';
import { stableId } from '../stable-id.js';

/**
 * Saves an archive's presets (GET /api/presets's shape) as the user's. Ids derive from the user and
 * the exported id, so importing the archive again updates them instead of adding copies.
 */
export async function restorePresets(store: Store, userId: string, presets: unknown): Promise<number> {
  if (!Array.isArray(presets)) throw new ImportError('presets.json is not a list');
  let restored = 0;
  for (const preset of presets) {
    const presetId = isRecord(preset) ? stringOf(preset.presetId) : undefined;
    if (!isRecord(preset) || !presetId) continue;
    const options: EndpointOptions & Record<string, unknown> = optionsOf(preset);
    await store.presets.upsert({
      ...options,
      presetId: stableId(userId, 'preset', presetId),
      user: userId,
      title: stringOf(preset.title) ?? 'Imported preset',
      defaultPreset: preset.defaultPreset === true,
      order: typeof preset.order === 'number' ? preset.order : null,
    });
    restored += 1;
  }
  return restored;
}
