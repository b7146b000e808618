import { z } from 'zod';

/**
 * TPlugin (contract §2.8): checked strictly once a plugin is part of `conversation.tools`, so a
 * null icon or description breaks every later chat (trap 20).
 */
export const pluginSchema = z.object({
  name: z.string(),
  pluginKey: z.string(),
  description: z.string(),
  icon: z.string(),
  authConfig: z.array(z.object({ authField: z.string(), label: z.string(), description: z.string() })),
  authenticated: z.boolean().optional(),
  isButton: z.boolean().optional(),
});
