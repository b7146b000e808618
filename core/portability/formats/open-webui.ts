import { ImportError, type ImportedMessage, type ImportFormat } from '../imported-conversation.js';
import { dateOf, idOf, isRecord, recordOf, stringOf } from '../source-values.js';

/**
 * Open WebUI's chat export (one chat or "export all": a list of chat records): each record's
 * `chat.history.messages` is a map of messages linked by `parentId`/`childrenIds`, so branches stay
 * branches; `currentId` (the branch on screen) needs no keeping, the newest leaf is shown.
 */
export const openWebUiFormat: ImportFormat = {
  name: 'open-webui',
  matches: (value) => isRecord(value) && isRecord(value.chat) && isRecord(value.chat.history),
  read(value, index) {
    const record = recordOf(value, 'the chat');
    const chat = recordOf(record.chat, 'its chat');
    const history = recordOf(chat.history, 'its history');
    const entries = Object.entries(recordOf(history.messages ?? {}, 'its messages'));
    let model: string | null = null;
    const messages = entries.map(([key, entry]): ImportedMessage => {
      const message = recordOf(entry, `message ${key}`);
      const role = stringOf(message.role);
      if (role !== 'user' && role !== 'assistant') throw new ImportError(`message ${key} has no known role`);
      const isCreatedByUser = role === 'user';
      const messageModel = isCreatedByUser ? null : (stringOf(message.model) ?? null);
      if (messageModel) model = messageModel;
      return {
        sourceId: idOf(message.id) ?? key,
        parentSourceId: idOf(message.parentId) ?? null,
        text: typeof message.content === 'string' ? message.content : '',
        isCreatedByUser,
        sender: isCreatedByUser ? 'User' : (stringOf(message.modelName) ?? messageModel ?? 'AI'),
        model: messageModel,
        createdAt: dateOf(message.timestamp),
        error: isRecord(message.error) || message.error === true,
      };
    });
    // The map's order is not the conversation's: oldest first keeps parents before children on equal footing.
    messages.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
    const models = Array.isArray(chat.models) ? chat.models.filter((entry) => typeof entry === 'string') : [];
    return {
      sourceId: idOf(record.id) ?? idOf(chat.id) ?? `#${index}:${stringOf(chat.title) ?? ''}:${String(record.created_at ?? chat.timestamp ?? '')}`,
      title: stringOf(record.title) ?? stringOf(chat.title) ?? '',
      createdAt: dateOf(record.created_at) ?? dateOf(chat.timestamp),
      updatedAt: dateOf(record.updated_at),
      options: { endpoint: 'openAI', model: model ?? models[0] ?? null },
      messages,
    };
  },
};
