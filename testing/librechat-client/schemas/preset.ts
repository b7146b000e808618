import { z } from 'zod';
import { conversationSettingsShape } from './conversation.js';

/**
 * A preset from the server (contract §2.2, tPresetSchema). `presetId` is optional in the client's
 * schema but a preset without one is never shown, so a server answer must carry it; `user` must be
 * the signed-in user's id (checked by the test against /api/user). `order` and `defaultPreset`
 * must never be null (trap 19).
 */
export const presetSchema = z.object({
  ...conversationSettingsShape,
  presetId: z.string(),
  title: z.string().nullable().optional(),
  endpoint: z.string().nullable(),
  defaultPreset: z.boolean().optional(),
  order: z.number().optional(),
  conversationId: z.string().nullable().optional(),
  user: z.string(),
});

/** GET /api/presets: an array of objects, no null entries (the presets menu crashes on them). */
export const presetListSchema = z.array(presetSchema);
