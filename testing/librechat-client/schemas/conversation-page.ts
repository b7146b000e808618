import { z } from 'zod';
import { conversationSchema } from './conversation.js';
import { messageSchema } from './message.js';

const pageCount = z.union([z.string(), z.number()]);

/**
 * GET /api/convos?pageNumber=N (contract §2.14): every page, even an empty or out-of-range one, needs
 * a `conversations` array (trap 6), and the items go into state as they are.
 */
export const conversationPageSchema = z.object({
  conversations: z.array(conversationSchema),
  pageNumber: pageCount,
  pageSize: pageCount.optional(),
  pages: pageCount,
});

/** GET /api/search (contract §2.15): the same page plus the matching messages. */
export const searchPageSchema = conversationPageSchema.extend({
  messages: z.array(messageSchema).optional(),
  filter: z.unknown().optional(),
});
