import { z } from 'zod';

/** GET /api/keys?name= (contract §2.13): 200 with `{expiresAt: null}` when no key is stored. */
export const keyExpirySchema = z.object({ expiresAt: z.string().nullable() });

/** POST /api/convos/gen_title (contract §2.17). */
export const titleAnswerSchema = z.object({ title: z.string() });

/** POST /api/tokenizer (contract §2.17). */
export const tokenCountSchema = z.object({ count: z.number() });

/** POST /api/auth/requestPasswordReset (contract §2.17). */
export const passwordResetAnswerSchema = z.object({ link: z.string().optional(), message: z.string().optional() });

/** POST /api/convos/clear (contract §2.17): unused by the client, but its expected shape. */
export const clearConversationsAnswerSchema = z.object({ deletedCount: z.number() });

/** POST /api/presets/delete (contract §2.17): unused by the client, but its expected shape. */
export const deletePresetsAnswerSchema = z.object({ deletedCount: z.number() });

/**
 * GET /api/balance (contract §2.12): plain text or JSON that axios turns into a number; an empty
 * body means "no record". The raw body is checked, since '' and 0 mean different things.
 */
export const balanceBodySchema = z.union([z.literal(''), z.string().regex(/^-?\d+(\.\d+)?$/, 'balance must be a number or empty')]);
