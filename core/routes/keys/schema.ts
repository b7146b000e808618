import { z } from 'zod';
import { keyNameSchema } from '../../protocol/keys.js';

export const keyExpiryQuerySchema = z.object({ name: keyNameSchema });

export const keyParamsSchema = z.object({ name: keyNameSchema });

/** DELETE /api/keys deletes every key only when asked in so many words; a bare DELETE is a mistake. */
export const deleteAllKeysQuerySchema = z.object({
  all: z.literal('true', { message: 'all=true is required to delete every key' }),
});
