import { withParameterDefaults, type MessageFileDto } from '@protocol';
import type { ChatSetup } from '../../../lib/chat-setup/index.js';
import { endpointKind, type EndpointsConfig } from '../../../lib/endpoints/index.js';
import { NEW_CONVERSATION, NO_PARENT, optimisticTimestamp, placeholderIdFor, type ChatMessage } from './chat-message.js';
import type { TurnIds } from './fold-frames.js';

/** What the chat screen knows when the user starts a turn. */
export interface TurnContext {
  /** The route's id: `new` or a conversation id. */
  conversationId: string;
  /** The cached list of every branch. */
  messages: readonly ChatMessage[];
  setup: ChatSetup;
  endpointsConfig?: EndpointsConfig;
}

/** Everything one turn needs: the request, and the optimistic list the screen shows at once. */
export interface TurnPlan {
  mode: 'ask' | 'edit';
  /** The endpoint name, or `custom` for librechat.yaml endpoints (their name goes in the body). */
  routeEndpoint: string;
  endpoint: string;
  /** The messages cache key at the start (`new` until the server names the conversation). */
  cacheKey: string;
  isNewConversation: boolean;
  body: Record<string, unknown>;
  messages: ChatMessage[];
  ids: TurnIds;
  /** The reply as the client imagines it; progress frames fill in its text. */
  response: ChatMessage;
}

const defaultSenders: Record<string, string> = { openAI: 'ChatGPT', azureOpenAI: 'ChatGPT', anthropic: 'Claude', google: 'Gemini' };

/** The reply's name, as the server will give it (core/chat/sender.ts). */
function senderFor(setup: ChatSetup, config: EndpointsConfig | undefined, endpoint: string): string {
  return setup.modelLabel || setup.chatGptLabel || config?.[endpoint]?.modelDisplayLabel || defaultSenders[endpoint] || 'AI';
}

/**
 * The endpoint options the request carries: the tuning the settings show, their defaults included
 * (otherwise the upstream would run at its own: Google's temperature 1 where the panel says 0.2),
 * and what else is set; empty entries are left out.
 */
function endpointOptions(setup: ChatSetup, kind: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(withParameterDefaults(setup, kind, setup.model)).filter(([, value]) => value !== null && value !== undefined && value !== ''));
}

function threadOf(messages: readonly ChatMessage[]): string | undefined {
  const thread = messages.find((message) => typeof message.thread_id === 'string')?.thread_id;
  return typeof thread === 'string' ? thread : undefined;
}

function basePlan(context: TurnContext) {
  const endpoint = context.setup.endpoint;
  if (!endpoint) return null;
  const kind = endpointKind(endpoint, context.endpointsConfig);
  const isCustom = kind === 'custom';
  const isNewConversation = context.conversationId === NEW_CONVERSATION;
  // A turn refused before `created` was never stored: it leaves the screen when the next one starts.
  const messages = context.messages.filter((message) => !message.clientOnly);
  const now = optimisticTimestamp(messages);
  const request = {
    ...endpointOptions(context.setup, kind),
    endpoint,
    endpointType: context.setup.endpointType ?? (isCustom ? 'custom' : undefined),
    conversationId: isNewConversation ? null : context.conversationId,
    // The assistants endpoint continues a conversation on its thread, which its messages carry.
    ...(endpoint === 'assistants' ? { thread_id: threadOf(context.messages) } : {}),
  };
  const template = (fields: Partial<ChatMessage>): ChatMessage => ({
    messageId: '',
    conversationId: context.conversationId,
    user: '',
    parentMessageId: NO_PARENT,
    endpoint,
    model: context.setup.model ?? null,
    sender: senderFor(context.setup, context.endpointsConfig, endpoint),
    text: '',
    isCreatedByUser: false,
    error: false,
    unfinished: false,
    isEdited: false,
    createdAt: now,
    updatedAt: now,
    ...fields,
  });
  return { endpoint, routeEndpoint: isCustom ? 'custom' : endpoint, isNewConversation, cacheKey: context.conversationId, messages, request, template };
}

/** A new user message under `parentMessageId` (the branch's last message, or a sibling's parent when editing). */
export function planAsk(context: TurnContext, text: string, parentMessageId: string, files: MessageFileDto[] = []): TurnPlan | null {
  const base = basePlan(context);
  if (!base) return null;
  const userMessageId = crypto.randomUUID();
  const parent = base.isNewConversation && !base.messages.some((message) => message.messageId === parentMessageId) ? NO_PARENT : parentMessageId;
  const attached = files.length > 0 ? { files } : {};
  const user = base.template({ messageId: userMessageId, parentMessageId: parent, text, isCreatedByUser: true, sender: 'User', clientOnly: true, ...attached });
  const response = base.template({ messageId: placeholderIdFor(userMessageId), parentMessageId: userMessageId });
  return {
    ...base,
    mode: 'ask',
    body: { ...base.request, text, parentMessageId: parent, messageId: userMessageId, ...attached },
    messages: [...base.messages, user, response],
    ids: { userMessageId, responseMessageId: response.messageId },
    response,
  };
}

/** A new reply (a sibling) to an existing user message. */
export function planRegenerate(context: TurnContext, userMessage: ChatMessage): TurnPlan | null {
  const base = basePlan(context);
  if (!base) return null;
  const response = base.template({ messageId: placeholderIdFor(userMessage.messageId), parentMessageId: userMessage.messageId });
  return {
    ...base,
    mode: 'ask',
    body: {
      ...base.request,
      text: userMessage.text,
      parentMessageId: userMessage.parentMessageId,
      messageId: userMessage.messageId,
      overrideParentMessageId: userMessage.messageId,
      isRegenerate: true,
      // A new reply sees the same files as the first one (LibreChat reuses the parent's).
      ...(userMessage.files?.length ? { files: userMessage.files } : {}),
    },
    messages: [...base.messages.filter((message) => message.messageId !== response.messageId), response],
    ids: { userMessageId: userMessage.messageId, responseMessageId: response.messageId },
    response,
  };
}

/** The same reply goes on from `generation`: its own text (continue) or the user's edit of it. */
export function planContinue(context: TurnContext, reply: ChatMessage, userMessage: ChatMessage, generation: string): TurnPlan | null {
  const base = basePlan(context);
  if (!base) return null;
  const response: ChatMessage = { ...reply, text: generation, unfinished: false, finish_reason: null, error: false, isEdited: true };
  return {
    ...base,
    mode: 'edit',
    body: {
      ...base.request,
      text: userMessage.text,
      parentMessageId: userMessage.parentMessageId,
      messageId: userMessage.messageId,
      overrideParentMessageId: userMessage.messageId,
      responseMessageId: reply.messageId,
      generation,
      isContinued: true,
      isRegenerate: true,
      isEdited: true,
    },
    messages: base.messages.map((message) => (message.messageId === reply.messageId ? response : message)),
    ids: { userMessageId: userMessage.messageId, responseMessageId: reply.messageId },
    response,
  };
}
