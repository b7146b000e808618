import { randomUUID } from 'node:crypto';
import type { ChatServices } from '../../chat/chat-services.js';
import { NO_PARENT } from '../../chat/message-tree.js';
import { isImageFile, lookUpFiles, toMessageFiles } from '../../chat/turn-images.js';
import { ChatboxError } from '../../errors/index.js';
import { ASSISTANT_MESSAGE_MAX, type AssistantChatRequest } from '../../protocol/assistant-chat.js';
import { canCallTools } from '../../protocol/tool-capable-models.js';
import { errorCodes, formatErrorMessage } from '../../errors/index.js';
import type { Assistant } from '../../store/repositories/assistants.js';
import type { Conversation } from '../../store/repositories/conversations.js';
import type { Message, MessageFile } from '../../store/repositories/messages.js';
import type { ResolvedTool } from '../../tools/tool-catalogue.js';
import { newThreadId } from '../assistant-id.js';
import { imageVisionTool } from '../assistant-tools.js';
import { imageVisionNote } from '../capabilities/image-vision-capability.js';
import { openAssistantsConnection, type AssistantsConnection, type AssistantsEndpoint } from '../assistants-endpoint.js';
import type { RunCapability } from './run-capability.js';
import { resolveRunTools, type CapabilityToolFactories } from './run-tools.js';

/** LibreChat's answers before a run exists (wave2 notes §2.10), shown as they are. */
export const runInitFailed = 'The Assistant run failed to initialize. Try sending a message in a new conversation.';
export const assistantNotAllowed = 'An error occurred while processing your request. Please contact the Admin.';
export const messageTooLong = `Message too long. The Assistants API has a limit of ${ASSISTANT_MESSAGE_MAX.toLocaleString('en-US')} characters per message. Please shorten it and try again.`;

/** The ids of a run, known before anything is checked (every error frame names them). */
export interface RunIds {
  conversationId: string;
  userMessageId: string;
  responseMessageId: string;
  parentMessageId: string;
}

export function runIds(body: AssistantChatRequest): RunIds {
  return { conversationId: body.conversationId ?? randomUUID(), userMessageId: randomUUID(), responseMessageId: randomUUID(), parentMessageId: body.parentMessageId ?? NO_PARENT };
}

/** A run, checked: whose assistant, which thread, which model and tools. */
export interface RunPlan extends RunIds {
  assistant: Assistant;
  /** Null for the conversation this run starts. */
  conversation: Conversation | null;
  thread_id: string;
  /** Every message of the conversation before this run. */
  messages: Message[];
  files: MessageFile[];
  model: string;
  connection: AssistantsConnection;
  tools: ResolvedTool[];
  /** The capability tools among `tools`, with how their calls are shown and the reply rewritten. */
  capabilities: RunCapability[];
  /** The system prompt: the assistant's instructions (or the conversation's override), then the additional ones. */
  instructions: string | undefined;
}

const refuse = (message: string, details?: Record<string, unknown>) => new ChatboxError('validation_error', message, details);

/**
 * Checks a run before it starts, in LibreChat's order: the yaml's id filters, the assistant (the
 * caller's own), the conversation and its thread (the caller's own, one thread per conversation),
 * the parent message, the files, the model (offered by the endpoint or a `modelsFrom` one, whose
 * connection the run takes) and the tools (a model that cannot call tools is refused when the
 * assistant has some). Rejects with the error to stream.
 */
export async function planRun(services: ChatServices, input: { endpoint: AssistantsEndpoint; userId: string; body: AssistantChatRequest; ids: RunIds; factories: CapabilityToolFactories }): Promise<RunPlan> {
  const { endpoint, userId, body, ids } = input;
  const { settings } = endpoint;
  if (!body.assistant_id) throw refuse(runInitFailed);
  if (settings.supportedIds ? !settings.supportedIds.includes(body.assistant_id) : settings.excludedIds?.includes(body.assistant_id)) {
    services.log.info({ assistant_id: body.assistant_id }, 'Assistant not supported (endpoints.assistants supportedIds / excludedIds)');
    throw new ChatboxError('forbidden', assistantNotAllowed);
  }
  if (body.text.length > ASSISTANT_MESSAGE_MAX) throw refuse(messageTooLong);
  if (!body.text.trim()) throw refuse('text is required');
  const assistant = await services.store.assistants.find(userId, body.assistant_id);
  if (!assistant) throw new ChatboxError('not_found', `Assistant not found: ${body.assistant_id}`);

  const conversation = body.conversationId ? await services.store.conversations.find(userId, body.conversationId) : null;
  if (body.conversationId) {
    if (!body.thread_id) throw refuse(runInitFailed);
    if (!conversation || conversation.endpoint !== endpoint.entry.name || !conversation.thread_id) throw new ChatboxError('not_found', 'Conversation not found');
    if (conversation.thread_id !== body.thread_id) throw refuse(`thread_id: the conversation's thread is not "${body.thread_id}"`);
  } else if (body.thread_id) {
    throw refuse('thread_id: a new conversation starts its own thread; send conversationId with the thread of an existing one');
  }
  const messages = conversation ? await services.store.messages.listByConversation(userId, ids.conversationId) : [];
  if (ids.parentMessageId !== NO_PARENT && !messages.some((message) => message.messageId === ids.parentMessageId)) {
    throw refuse('parentMessageId must name a message of this conversation');
  }
  const files = toMessageFiles(await lookUpFiles(services.store, userId, body.files ?? []));

  const model = body.model ?? assistant.model;
  const connection = await openAssistantsConnection(services, endpoint, userId, model);
  const { tools, skipped, capabilities } = resolveRunTools({ assistant, catalogue: services.tools, capabilities: settings.capabilities, factories: input.factories, userId, conversationId: ids.conversationId, model, connection });
  for (const { tool, reason } of skipped) services.log.info({ assistant_id: assistant.id, tool }, `the assistant's tool "${tool}" is left out of the run: ${reason}`);
  if (tools.length > 0 && !canCallTools(model)) throw new ChatboxError('tools_unsupported', formatErrorMessage(errorCodes.tools_unsupported.message, { model }), { model });

  // The conversation's own override, kept from its first message on, as LibreChat keeps it.
  const override = body.instructions ?? conversation?.instructions ?? null;
  const additional = body.promptPrefix ?? conversation?.promptPrefix ?? null;
  const images = files.filter(isImageFile).length;
  const describes = capabilities.some((capability) => capability.resolved.tool.name === imageVisionTool.function.name);
  const visionNote = describes && images > 0 ? imageVisionNote(images) : null;
  const instructions = [override || assistant.instructions, additional, visionNote].filter((part): part is string => Boolean(part)).join('\n\n') || undefined;
  return { ...ids, assistant, conversation, thread_id: conversation?.thread_id ?? newThreadId(), messages, files, model, connection, tools, capabilities, instructions };
}
