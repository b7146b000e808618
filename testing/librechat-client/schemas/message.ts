import { z } from 'zod';

/** One plugin step box of a gptPlugins reply (TResPlugin). */
export const responsePluginSchema = z.object({
  plugin: z.string().optional(),
  input: z.string().optional(),
  thought: z.string().optional(),
  loading: z.boolean().optional(),
  outputs: z.string().nullable().optional(),
  latest: z.string().nullable().optional(),
  // TResPlugin types them `{inputStr}`, but LibreChat's own plugins endpoint streams and stores the
  // tool input strings (wave2 notes §4.4), which its client shows as they are.
  inputs: z.array(z.union([z.string(), z.object({ inputStr: z.string() })])).optional(),
});

const messageFileSchema = z.object({ file_id: z.string().optional(), filepath: z.string().optional(), type: z.string().optional() });

/**
 * A message (contract §2.3, tMessageSchema plus the fields the client renders). The required keys
 * are what an SSE error payload must carry to pass parse #6; `GET /api/messages` items are rendered
 * with the same expectations.
 */
export const messageSchema = z.object({
  messageId: z.string(),
  conversationId: z.string().nullable(),
  parentMessageId: z.string().nullable(),
  sender: z.string(),
  text: z.string(),
  isCreatedByUser: z.boolean(),
  error: z.boolean(),
  unfinished: z.boolean().optional(),
  endpoint: z.string().optional(),
  model: z.string().nullable().optional(),
  isEdited: z.boolean().optional(),
  finish_reason: z.string().optional(),
  thread_id: z.string().optional(),
  clientId: z.string().nullable().optional(),
  responseMessageId: z.string().nullable().optional(),
  overrideParentMessageId: z.string().nullable().optional(),
  bg: z.string().nullable().optional(),
  generation: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  current: z.boolean().optional(),
  searchResult: z.boolean().optional(),
  files: z.array(messageFileSchema).nullable().optional(),
  plugin: responsePluginSchema.nullable().optional(),
  plugins: z.array(responsePluginSchema).optional(),
  // Only assistant messages may carry content: any truthy value, even [], hides `text` (trap 17).
  content: z.null({ message: 'content must be absent or null on a chat message (any value hides text)' }).optional(),
});

/** A finished or stored message: the token count the server keeps must be a number when present. */
export const storedMessageSchema = messageSchema.extend({
  tokenCount: z.number().optional(),
});
