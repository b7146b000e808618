import { z } from 'zod';
import type { ConversationDto, MessageDto } from './conversation.js';

/**
 * The frames of a chat stream (`/api/ask/*` and `/api/edit/*`, the plugins endpoint's included, and
 * the assistants endpoint's), as LibreChat v0.7.1's client reads them (shared/reference/librechat-client-contract.md
 * §4). One schema for both ends: the server builds its frames as these types (it never parses what
 * it sends, so every frame goes out exactly as built), and the UI parses what it receives with it.
 *
 * The client routes an `event: message` frame by the first truthy flag (§4.3): `final` first, then
 * `created`, `sync`, `type` (a content part), `message` (text progress); a frame with none of them is
 * ignored (the watchdog's keep-alive).
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored message (MessageDto, the server's presenter builds it): checked for what the client keys
 * it by, the rest is the DTO's as the server sent it.
 */
export const messageDtoSchema = z.custom<MessageDto>(
  (value) => isRecord(value) && typeof value.messageId === 'string' && typeof value.text === 'string',
  'a message needs a messageId and a text',
);

/** A stored conversation (ConversationDto): merged into the client's state on `final`. */
export const conversationDtoSchema = z.custom<ConversationDto>(
  (value) => isRecord(value) && typeof value.conversationId === 'string',
  'a conversation needs a conversationId',
);

/** `{created: true, message}`: the user message is stored (§4.4). */
export const createdFrameSchema = z.object({
  created: z.literal(true),
  message: messageDtoSchema,
});

/**
 * The plugins endpoint's marker of a tool run in a reply's text (LibreChat's): the text is split on
 * it and `plugins[i]` is drawn before the i-th segment.
 */
export const PLUGIN_MARKER = ':::plugin:::\n';

/** A reply's text as words, for a model to read again (history, titles): its plugin markers are not. */
export const withoutPluginMarkers = (text: string) => (text.includes(PLUGIN_MARKER) ? text.replaceAll(PLUGIN_MARKER, '\n').replace(/^\n+/, '') : text);

/** Where a call marked `requiresApproval` stands: waiting for the user, or how it was decided. */
export const toolApprovalStatuses = ['pending', 'allowed', 'denied', 'expired', 'stopped'] as const;
export type ToolApprovalStatus = (typeof toolApprovalStatuses)[number];

/**
 * chatbox's addition to a tool run whose tool needs the user's approval (a field LibreChat's client
 * does not read): the id POST /api/ask/approval answers, the status, and while `pending` when the
 * wait ends (ISO 8601).
 */
export const toolApprovalSchema = z.object({
  id: z.string(),
  status: z.enum(toolApprovalStatuses),
  expiresAt: z.string().optional(),
});

export type ToolApproval = z.infer<typeof toolApprovalSchema>;

/**
 * One plugin box of the plugins endpoint (gptPlugins, §4.4): a tool run streamed as it goes, `loading`
 * until its output is in. `plugins[i]` is drawn before the i-th `:::plugin:::` segment of the text.
 */
export const toolProgressSchema = z.looseObject({
  runId: z.string().optional(),
  latest: z.string().nullable().optional(),
  inputs: z.array(z.unknown()).optional(),
  outputs: z.string().nullable().optional(),
  loading: z.boolean().optional(),
  plugin: z.string().optional(),
  input: z.string().optional(),
  thought: z.string().optional(),
  error: z.boolean().optional(),
  approval: toolApprovalSchema.optional(),
});

/**
 * One tool call of a reply, as the agent loop streams it (in `plugins` of progress frames) and stores
 * it (in the reply's `plugins`, so a reload shows it): LibreChat's plugin entry — `runId` (the
 * model's call id), `latest` (the tool's name), `inputs` (the JSON the model wrote), `outputs` (what
 * the tool answered, null while it runs), `loading` — plus `error` when the call failed, which
 * LibreChat's client reads from the output's "error processing tool" prefix instead, and `approval`
 * when the tool waits for the user's answer (toolApprovalSchema).
 */
export const toolRunSchema = z.object({
  runId: z.string(),
  latest: z.string(),
  inputs: z.array(z.string()),
  outputs: z.string().nullable(),
  loading: z.boolean(),
  error: z.boolean().optional(),
  approval: toolApprovalSchema.optional(),
});

/**
 * `{message: true, text}`: the whole reply so far, never a delta (§4.4). A turn with tools (any
 * endpoint's agent loop, and the plugins endpoint) adds its tool runs, all of them, in every frame
 * once the first has started (`plugins`, ToolRun entries; the legacy edit route a single `plugin`).
 * A client that knows nothing of tools reads the text as before.
 */
export const progressFrameSchema = z.object({
  message: z.literal(true),
  text: z.string(),
  initial: z.boolean(),
  messageId: z.string(),
  parentMessageId: z.string(),
  conversationId: z.string(),
  sender: z.string(),
  plugin: toolProgressSchema.nullable().optional(),
  plugins: z.array(toolProgressSchema).optional(),
});

/**
 * `{final: true, conversation, title, requestMessage, responseMessage}`: the turn is saved (§4.4).
 * The assistants endpoint leaves `responseMessage` out (the streamed parts stay) and may send
 * `runMessages`, the whole ordered conversation, instead (§4.5).
 */
export const finalFrameSchema = z.object({
  final: z.literal(true),
  conversation: conversationDtoSchema,
  title: z.string(),
  requestMessage: messageDtoSchema,
  responseMessage: messageDtoSchema,
  plugins: z.array(toolProgressSchema).optional(),
});

export const assistantsFinalFrameSchema = z.object({
  final: z.literal(true),
  conversation: conversationDtoSchema.nullable(),
  title: z.string().optional(),
  requestMessage: messageDtoSchema.optional(),
  responseMessage: messageDtoSchema.optional(),
  runMessages: z.array(messageDtoSchema).optional(),
});

/** `{sync: true, …}`: the assistants endpoint's run exists; its ids replace the client's (§4.5). */
export const syncFrameSchema = z.object({
  sync: z.literal(true),
  conversationId: z.string(),
  requestMessage: z.looseObject({ messageId: z.string(), parentMessageId: z.string(), conversationId: z.string(), thread_id: z.string().optional(), text: z.string() }),
  responseMessage: z.looseObject({ messageId: z.string(), parentMessageId: z.string(), conversationId: z.string(), thread_id: z.string().optional(), assistant_id: z.string().optional() }),
});

/** A text part: a cumulative string while streaming, `{value}` once its annotations are rewritten. */
const textValueSchema = z.union([z.string(), z.looseObject({ value: z.string(), annotations: z.array(z.unknown()).optional() })]);

/**
 * A tool call of the assistants endpoint: `progress` runs from 0.01 (created) to 1 (done); a function
 * call carries its JSON arguments and, once run, its output (`action` for an OpenAPI action).
 */
export const toolCallSchema = z.looseObject({
  id: z.string(),
  type: z.enum(['code_interpreter', 'retrieval', 'function']),
  progress: z.number().min(0).optional(),
  action: z.boolean().optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string(), output: z.string().nullable().optional() }).optional(),
  code_interpreter: z.looseObject({ input: z.string(), outputs: z.array(z.unknown()) }).optional(),
  retrieval: z.unknown().optional(),
  /** chatbox's addition on a function call whose tool needs the user's approval (as on the plugin boxes). */
  approval: toolApprovalSchema.optional(),
});

/** An image a tool produced, as a file record (filepath is what the client shows). */
export const imageFileSchema = z.looseObject({
  file_id: z.string(),
  filepath: z.string(),
  filename: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});

/** What every content-part frame carries: the part's place in the reply's `content` and the reply's id. */
const contentPartBase = {
  index: z.number().int().min(0),
  messageId: z.string(),
  conversationId: z.string(),
  thread_id: z.string().optional(),
};

/**
 * `{type, [type]: part, index, messageId, …}`: one content part of an assistants reply, which the
 * client sets at `content[index]` (§4.5). `messageId` must be the sync frame's response id.
 */
export const contentPartFrameSchema = z.discriminatedUnion('type', [
  z.object({ ...contentPartBase, type: z.literal('text'), text: textValueSchema, message: z.literal(true).optional(), initial: z.boolean().optional() }),
  z.object({ ...contentPartBase, type: z.literal('tool_call'), tool_call: toolCallSchema }),
  z.object({ ...contentPartBase, type: z.literal('image_file'), image_file: imageFileSchema }),
  z.object({ ...contentPartBase, type: z.literal('error'), text: z.object({ value: z.string() }) }),
]);

/**
 * The watchdog's keep-alive: a `message` frame with none of the flags the client acts on. Not an SSE
 * comment, which LibreChat's client would feed to its JSON parser (§4.1).
 */
export const keepAliveFrameSchema = z.object({ keepAlive: z.literal(true) });

/**
 * `event: error` data: a message whose `text` carries the error (a catalogue error's JSON, §4.7),
 * complete once the user message is stored, `final` as LibreChat adds it.
 */
export const errorFrameSchema = z.looseObject({
  messageId: z.string().optional(),
  conversationId: z.string().optional(),
  parentMessageId: z.string().optional(),
  sender: z.string().optional(),
  text: z.string(),
  error: z.literal(true),
  final: z.literal(true).optional(),
  unfinished: z.boolean().optional(),
  isCreatedByUser: z.literal(false),
});

/**
 * Every `event: message` frame, in the client's routing order (§4.3): the ask final before the
 * looser assistants one, a content part (its `type`) before text progress (a text part also says
 * `message: true`).
 */
export const messageFrameSchema = z.union([
  finalFrameSchema,
  assistantsFinalFrameSchema,
  createdFrameSchema,
  syncFrameSchema,
  contentPartFrameSchema,
  progressFrameSchema,
  keepAliveFrameSchema,
]);

export type CreatedFrame = z.input<typeof createdFrameSchema>;
export type ProgressFrame = z.input<typeof progressFrameSchema>;
export type ToolProgress = z.input<typeof toolProgressSchema>;
export type ToolRun = z.input<typeof toolRunSchema>;
export type FinalFrame = z.input<typeof finalFrameSchema>;
export type AssistantsFinalFrame = z.input<typeof assistantsFinalFrameSchema>;
export type SyncFrame = z.input<typeof syncFrameSchema>;
export type ContentPartFrame = z.input<typeof contentPartFrameSchema>;
export type KeepAliveFrame = z.input<typeof keepAliveFrameSchema>;
export type ErrorFrame = z.input<typeof errorFrameSchema>;
/** What the server may send as `event: message`. */
export type MessageFrame = z.input<typeof messageFrameSchema>;
/** A parsed `event: message` frame. */
export type ReceivedFrame = z.output<typeof messageFrameSchema>;
/** A tool call of an assistants reply, as read. */
export type ToolCall = z.output<typeof toolCallSchema>;
