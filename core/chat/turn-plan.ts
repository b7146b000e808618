import { randomUUID } from 'node:crypto';
import { ChatboxError, NotFoundError, ValidationError } from '../errors/index.js';
import type { AskRequest } from '../protocol/ask.js';
import type { Store } from '../store/types.js';
import type { Conversation } from '../store/repositories/conversations.js';
import type { Message, MessageFile } from '../store/repositories/messages.js';
import { lookUpFiles, toMessageFiles } from './turn-images.js';
import { NO_PARENT } from './message-tree.js';

/**
 * What one turn does, decided before the stream opens (bad ids are a plain 4xx):
 * - a new turn: a new user message under parentMessageId and a new reply under it;
 * - regenerate: a new reply (a sibling) under the existing user message overrideParentMessageId;
 * - edit/continue: the existing reply responseMessageId goes on from `generation`.
 */
export interface TurnPlan {
  kind: 'new' | 'regenerate' | 'continue';
  conversationId: string;
  /** Null for a conversation this turn creates. */
  conversation: Conversation | null;
  /** Every message of the conversation before this turn. */
  messages: Message[];
  /** The user message of the turn: new (not yet stored) or existing. */
  userMessage: { messageId: string; parentMessageId: string; text: string; isNew: boolean; files: MessageFile[] };
  responseMessageId: string;
  /** The reply text the model continues from (continue), else ''. */
  generation: string;
  /** createdAt of the reply being continued, kept so it does not move in the list. */
  responseCreatedAt?: Date;
}

export async function planTurn(store: Store, userId: string, body: AskRequest, mode: 'ask' | 'edit'): Promise<TurnPlan> {
  const requested = body.conversationId && body.conversationId !== 'new' ? body.conversationId : null;
  const conversation = requested ? await store.conversations.find(userId, requested) : null;
  if (requested && !conversation) throw new NotFoundError('Conversation not found');
  const conversationId = conversation?.conversationId ?? randomUUID();
  const messages = conversation ? await store.messages.listByConversation(userId, conversationId) : [];
  const byId = new Map(messages.map((message) => [message.messageId, message]));

  if (mode === 'edit' || body.isContinued) {
    const response = body.responseMessageId ? byId.get(body.responseMessageId) : undefined;
    if (!response || response.isCreatedByUser) throw new ValidationError('responseMessageId must name a reply of this conversation');
    const parent = byId.get(response.parentMessageId);
    if (!parent) throw new ValidationError('The reply to continue has no user message');
    return {
      kind: 'continue', conversationId, conversation, messages,
      userMessage: { messageId: parent.messageId, parentMessageId: parent.parentMessageId, text: parent.text, isNew: false, files: parent.files ?? [] },
      responseMessageId: response.messageId,
      generation: body.generation ?? response.text,
      responseCreatedAt: response.createdAt,
    };
  }

  if (body.overrideParentMessageId) {
    const existing = byId.get(body.overrideParentMessageId);
    if (!existing || !existing.isCreatedByUser) throw new ValidationError('overrideParentMessageId must name a user message of this conversation');
    return {
      kind: 'regenerate', conversationId, conversation, messages,
      userMessage: { messageId: existing.messageId, parentMessageId: existing.parentMessageId, text: existing.text, isNew: false, files: existing.files ?? [] },
      responseMessageId: randomUUID(),
      generation: '',
    };
  }

  const text = body.text.trim();
  if (!text) throw new ValidationError('text is required');
  const parentMessageId = body.parentMessageId ?? NO_PARENT;
  if (parentMessageId !== NO_PARENT && !byId.has(parentMessageId)) throw new ChatboxError('validation_error', 'parentMessageId must name a message of this conversation');
  const files = toMessageFiles(await lookUpFiles(store, userId, body.files ?? []));
  return {
    kind: 'new', conversationId, conversation, messages,
    userMessage: { messageId: randomUUID(), parentMessageId, text, isNew: true, files },
    responseMessageId: randomUUID(),
    generation: '',
  };
}
