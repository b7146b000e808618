import { NO_PARENT } from '../chat/message-tree.js';
import type { Conversation } from '../store/repositories/conversations.js';
import type { Message } from '../store/repositories/messages.js';
import { ImportError, type ImportedConversation, type ImportFormatName } from './imported-conversation.js';
import { stableId } from './stable-id.js';

export interface ConversationRecords {
  conversation: Conversation;
  messages: Message[];
}

const untitled = 'Imported Chat';

/**
 * Turns a conversation read from a source into the store's records for one user. Ids are derived
 * from the user, the format and the source's ids, so a second import of the same file finds the
 * conversation it wrote the first time. A parent that is not in the conversation makes a root.
 * Missing timestamps fall back to the conversation's, then to now, one millisecond apart so the
 * order of the source is kept.
 */
export function buildConversation(userId: string, format: ImportFormatName, source: ImportedConversation, now = new Date()): ConversationRecords {
  if (source.messages.length === 0) throw new ImportError('it has no messages');
  // chatbox's own JSON and LibreChat's export share their ids' space: one conversation exported from either imports once.
  const idSpace = format === 'chatbox' ? 'librechat' : format;
  const conversationId = stableId(userId, idSpace, source.sourceId);
  const messageIds = new Map<string, string>();
  for (const message of source.messages) {
    if (messageIds.has(message.sourceId)) throw new ImportError(`message ${message.sourceId} appears twice`);
    messageIds.set(message.sourceId, stableId(conversationId, message.sourceId));
  }
  const start = source.createdAt ?? source.messages.find((message) => message.createdAt)?.createdAt ?? now;
  const messages = source.messages.map((message, index): Message => {
    // Named fields first, then only the optional ones a format passes through: spreading the whole
    // message ahead of the fields that replace it made V8 build each record through slow,
    // long-lived intermediates, which grew the old generation by 100 MB over a 200 MB import (bench import).
    const { sourceId, parentSourceId, text, isCreatedByUser, sender, endpoint, model, createdAt: sourceCreatedAt, updatedAt, error, unfinished, ...passThrough } = message;
    const createdAt = sourceCreatedAt ?? new Date(start.getTime() + index);
    return {
      text,
      isCreatedByUser,
      messageId: messageIds.get(sourceId)!,
      conversationId,
      user: userId,
      parentMessageId: (parentSourceId !== null && messageIds.get(parentSourceId)) || NO_PARENT,
      sender: sender ?? (isCreatedByUser ? 'User' : 'AI'),
      endpoint: endpoint ?? source.options.endpoint ?? null,
      model: model ?? (isCreatedByUser ? null : (source.options.model ?? null)),
      error: error ?? false,
      unfinished: unfinished ?? false,
      createdAt,
      updatedAt: updatedAt ?? createdAt,
      ...passThrough,
    };
  });
  const lastMessageAt = messages.reduce((latest, message) => Math.max(latest, message.createdAt.getTime()), start.getTime());
  return {
    conversation: {
      ...source.options,
      conversationId,
      user: userId,
      title: source.title.trim() || untitled,
      createdAt: start,
      updatedAt: source.updatedAt ?? new Date(lastMessageAt),
    },
    messages,
  };
}
