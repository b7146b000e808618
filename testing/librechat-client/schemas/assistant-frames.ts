import { z } from 'zod';
import { conversationSchema } from './conversation.js';
import { messageSchema, storedMessageSchema } from './message.js';

/**
 * `{sync: true, …}` (contract §4.5): parse #4 runs on the state plus `conversationId` and
 * `messages: [requestMessage.messageId, responseMessage.messageId]`, so all three must be strings.
 */
export const syncFrameSchema = z.object({
  sync: z.literal(true),
  conversationId: z.string(),
  requestMessage: z.object({ messageId: z.string(), parentMessageId: z.string(), conversationId: z.string(), thread_id: z.string(), text: z.string() }).passthrough(),
  responseMessage: z.object({ messageId: z.string(), parentMessageId: z.string(), conversationId: z.string(), thread_id: z.string(), assistant_id: z.string(), model: z.string() }).passthrough(),
  final: z.undefined().optional(),
});

/** One content part as the client sets it at `content[index]` (a text part's text: a cumulative string or `{value}`). */
const contentPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.union([z.string(), z.object({ value: z.string() }).passthrough()]) }).passthrough(),
  z.object({ type: z.literal('tool_call'), tool_call: z.object({ id: z.string(), type: z.enum(['code_interpreter', 'retrieval', 'function']), progress: z.number().optional() }).passthrough() }).passthrough(),
  z.object({ type: z.literal('image_file'), image_file: z.object({ file_id: z.string(), filepath: z.string() }).passthrough() }).passthrough(),
  z.object({ type: z.literal('error'), text: z.object({ value: z.string() }) }).passthrough(),
]);

/** `{type, [type]: part, index, messageId, …}`: keyed by `messageId`, which must be the sync frame's response id. */
export const contentFrameSchema = z.intersection(
  contentPartSchema,
  z.object({ index: z.number().int().min(0), messageId: z.string(), conversationId: z.string(), thread_id: z.string().optional(), final: z.undefined().optional() }),
);

/** A stored assistants reply: its `content` parts are what the client renders (text is hidden by them). */
export const assistantReplySchema = messageSchema.extend({ tokenCount: z.number().optional(), content: z.array(contentPartSchema) });

/**
 * `{final: true, conversation, …}` (§4.5): `conversation` is merged into state; `runMessages`, when
 * present, replaces the whole list, so each must render (assistant replies with their parts).
 */
export const assistantsFinalFrameSchema = z.object({
  final: z.literal(true),
  conversation: conversationSchema,
  requestMessage: z.object({ parentMessageId: z.string() }).passthrough(),
  runMessages: z.array(z.union([storedMessageSchema, assistantReplySchema])).optional(),
});
