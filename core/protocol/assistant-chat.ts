import { z } from 'zod';

const id = (field: string) => z.string({ message: `${field} must be a string` }).trim().min(1, `${field} must not be empty`).max(200, `${field} is too long`);
const optionalText = (field: string) => z.string({ message: `${field} must be a string` }).max(32_768, `${field} must be at most 32768 characters`).nullish();

/** LibreChat's limit on one message to an assistant (wave2 notes §2.10); its wording is the error's. */
export const ASSISTANT_MESSAGE_MAX = 32_768;

/**
 * POST /api/assistants/chat (wave2 notes §2.8): what LibreChat's client sends, `{...message,
 * ...endpointOption, conversationId}` with empty values removed. `messageId` is the client's own and
 * not kept (the server makes the user and reply ids); `text` over ASSISTANT_MESSAGE_MAX and a missing
 * `assistant_id` are reported on the stream, as LibreChat does. Other fields the client adds are ignored.
 */
export const assistantChatRequestSchema = z.object({
  text: z.string({ message: 'text is required' }).max(1_000_000, 'text is too long'),
  assistant_id: id('assistant_id').nullish(),
  conversationId: id('conversationId').nullish(),
  thread_id: id('thread_id').nullish(),
  parentMessageId: id('parentMessageId').nullish(),
  messageId: id('messageId').nullish(),
  model: id('model').nullish(),
  /** Added to the assistant's instructions for this conversation (OpenAI's `additional_instructions`). */
  promptPrefix: optionalText('promptPrefix'),
  /** Replaces the assistant's instructions for this conversation. */
  instructions: optionalText('instructions'),
  files: z.array(z.object({ file_id: id('file_id') }).passthrough(), { message: 'files must be a list of {file_id}' }).max(100, 'too many files').nullish(),
  endpoint: z.string().nullish(),
  key: z.string().nullish(),
});

export type AssistantChatRequest = z.output<typeof assistantChatRequestSchema>;

/** POST /api/assistants/chat/abort: `<conversationId>:<the reply id of the sync frame>` (§2.11). */
export const assistantAbortRequestSchema = z.object({
  abortKey: id('abortKey'),
  endpoint: z.string().nullish(),
});
