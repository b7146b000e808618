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
    const createdAt = message.createdAt ?? new Date(start.getTime() + index);
    const { sourceId, parentSourceId, ...fields } = message;
    return {
      ...fields,
      messageId: messageIds.get(sourceId)!,
      conversationId,
      user: userId,
      parentMessageId: (parentSourceId !== null && messageIds.get(parentSourceId)) || NO_PARENT,
      sender: message.sender ?? (message.isCreatedByUser ? 'User' : 'AI'),
      endpoint: message.endpoint ?? source.options.endpoint ?? null,
      model: message.model ?? (message.isCreatedByUser ? null : (source.options.model ?? null)),
      error: message.error ?? false,
      unfinished: message.unfinished ?? false,
      createdAt,
      updatedAt: message.updatedAt ?? createdAt,
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
