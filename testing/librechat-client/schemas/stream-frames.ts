import { z } from 'zod';
import { conversationSchema } from './conversation.js';
import { messageSchema, responsePluginSchema, storedMessageSchema } from './message.js';

// §4.3: the client routes a frame by the first truthy flag among created, sync, type, message; an
// ordinary /api/ask frame must never carry a truthy sync or type.
const notRouted = { sync: z.undefined().optional(), type: z.undefined().optional() };

/** `{created: true, message}` (contract §4.4): the stored user message, parse #3 runs on it. */
export const createdFrameSchema = z.object({
  ...notRouted,
  created: z.literal(true),
  message: messageSchema.extend({ isCreatedByUser: z.literal(true) }),
  final: z.undefined().optional(),
});

/** `{message: true, text}` (contract §4.4): the whole reply so far, never a delta. */
export const progressFrameSchema = z.object({
  ...notRouted,
  message: z.literal(true),
  text: z.string(),
  initial: z.boolean().optional(),
  parentMessageId: z.string().optional(),
  plugin: responsePluginSchema.nullable().optional(),
  plugins: z.array(responsePluginSchema).optional(),
  created: z.undefined().optional(),
  final: z.undefined().optional(),
});

/**
 * `{final: true, conversation, requestMessage, responseMessage}` (contract §4.4): `conversation`
 * is merged into state and validated at the next render. A finished reply is not `unfinished`.
 */
export const finalFrameSchema = z.object({
  ...notRouted,
  final: z.literal(true),
  created: z.undefined().optional(),
  conversation: conversationSchema,
  requestMessage: storedMessageSchema.extend({ isCreatedByUser: z.literal(true) }).optional(),
  responseMessage: storedMessageSchema.extend({ isCreatedByUser: z.literal(false), unfinished: z.literal(false).optional() }),
  title: z.string().optional(),
  plugins: z.array(responsePluginSchema).optional(),
});

/**
 * The abort answer (contract §4.8), JSON with `final` truthy: the same merge as a final frame. The
 * partial reply must say `unfinished: false` (true shows a permanent "incomplete" warning, trap 12)
 * and a finish reason other than `stop`, so Continue stays available.
 */
export const abortAnswerSchema = finalFrameSchema.extend({
  requestMessage: storedMessageSchema.extend({ isCreatedByUser: z.literal(true) }),
  responseMessage: storedMessageSchema.extend({
    isCreatedByUser: z.literal(false),
    unfinished: z.literal(false),
    error: z.literal(false),
    finish_reason: z.string().refine((reason) => reason !== 'stop', 'an aborted reply must not finish with "stop"'),
  }),
});

/**
 * `event: error` data (contract §4.7): a complete message, since for a chat with an id the client's
 * placeholder is not merged in (parse #6); `text` carries the catalogue error.
 */
export const errorFrameSchema = messageSchema.extend({ error: z.literal(true), isCreatedByUser: z.literal(false) });

/** `{type}` or `{code}` keys the client's Error component renders as friendly messages. */
export const knownErrorTypes = [
  'no_user_key',
  'invalid_user_key',
  'no_base_url',
  'moderation',
  'ban',
  'expired_user_key',
  'invalid_api_key',
  'insufficient_quota',
  'concurrent',
  'message_limit',
  'token_balance',
] as const;
