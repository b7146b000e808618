import { z } from 'zod';
import { endpointOptionsSchema } from './preset.js';

const id = (field: string) => z.string({ message: `${field} must be a string` }).trim().min(1, `${field} must not be empty`).max(200, `${field} is too long`);

/**
 * POST /api/ask/{endpoint} and /api/edit/{endpoint}: the message fields LibreChat's client sends,
 * merged with the conversation's endpoint options (validated with the preset ranges). Fields the
 * client adds for its own use (sender, isCreatedByUser, error …) are ignored.
 */
export const askRequestSchema = endpointOptionsSchema.extend({
  text: z.string({ message: 'text is required' }).max(1_000_000, 'text is too long'),
  conversationId: id('conversationId').nullable().optional(),
  parentMessageId: id('parentMessageId').nullable().optional(),
  messageId: id('messageId').nullable().optional(),
  overrideParentMessageId: id('overrideParentMessageId').nullable().optional(),
  responseMessageId: id('responseMessageId').nullable().optional(),
  generation: z.string({ message: 'generation must be a string' }).nullable().optional(),
  isContinued: z.boolean().nullable().optional(),
  isRegenerate: z.boolean().nullable().optional(),
  isEdited: z.boolean().nullable().optional(),
  /**
   * Files attached to the message: LibreChat's client sends `[{file_id, filepath, type, height, width}]`;
   * only `file_id` is read (the server looks each one up by id and owner).
   */
  files: z.array(z.object({ file_id: id('file_id') }).passthrough(), { message: 'files must be a list of {file_id}' }).max(100, 'too many files').nullable().optional(),
  /** The expiry of the user's key as the client knows it; the server checks its own record. */
  key: z.string().nullable().optional(),
});

export type AskRequest = z.output<typeof askRequestSchema>;

/**
 * POST …/abort. LibreChat's client sends `abortKey: null` when the user stops (or leaves) a new chat
 * before its `created` frame: nothing can be named yet, so that is a "nothing to stop".
 */
export const abortRequestSchema = z.object({
  abortKey: id('abortKey').nullable(),
  endpoint: z.string().optional(),
});

/**
 * POST /api/ask/approval: the user's answer to a tool call waiting for approval (the `approval.id`
 * of its plugin entry). Strict: an answer with a misspelled field must not pass as something else.
 */
export const approvalAnswerSchema = z.strictObject({
  approvalId: id('approvalId'),
  allow: z.boolean({ message: 'allow must be true (run the tool) or false (deny the call)' }),
});

// The stream frames these routes answer with are in stream-frames.ts.

/** POST /api/convos/gen_title */
export const titleRequestSchema = z.object({ conversationId: id('conversationId') });

/** GET /api/ask/stream/:conversationId (re-attach to the reply streaming in the conversation) */
export const reattachParamsSchema = z.object({ conversationId: id('conversationId') });
