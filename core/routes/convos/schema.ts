import { z } from 'zod';
import { clearConversationsRequestSchema, conversationIdSchema, updateConversationRequestSchema } from '../../protocol/conversation.js';

/**
 * LibreChat v0.7.1's client posts update and clear bodies wrapped as `{arg: {...}}`. DESIGN §4 drops
 * that envelope from our own wire, but unwrapping it here (and only here) lets that client, and
 * scripts written against it, rename and delete conversations unchanged. A body that is nothing but
 * `{arg: object}` is taken as its content; any other body is read as it is.
 */
export function unwrapArgEnvelope(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const keys = Object.keys(body);
  const arg = (body as { arg?: unknown }).arg;
  return keys.length === 1 && keys[0] === 'arg' && arg !== null && typeof arg === 'object' && !Array.isArray(arg) ? arg : body;
}

export const updateConversationBodySchema = z.preprocess(unwrapArgEnvelope, updateConversationRequestSchema);
export const clearConversationsBodySchema = z.preprocess(unwrapArgEnvelope, clearConversationsRequestSchema);

export const conversationParamsSchema = z.object({ conversationId: conversationIdSchema });

const pageField = (field: string, maximum: number) =>
  z.coerce
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(maximum, `${field} must be at most ${maximum}`)
    .optional();

/** GET /api/convos: LibreChat pages by 25; pageSize lets a client ask for fewer or more (up to 100). */
export const conversationListQuerySchema = z.object({
  pageNumber: pageField('pageNumber', 1_000_000).default(1),
  pageSize: pageField('pageSize', 100).default(25),
});
