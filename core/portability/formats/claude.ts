import { NO_PARENT } from '../../chat/message-tree.js';
import { ImportError, type ImportedMessage, type ImportFormat } from '../imported-conversation.js';
import { arrayOf, dateOf, idOf, isRecord, recordOf, stringOf } from '../source-values.js';

/**
 * Claude's data export (`conversations.json`): one item per conversation with `chat_messages`
 * (sender `human` or `assistant`). Messages name their parent (`parent_message_uuid`) in newer
 * exports; older ones are a plain sequence. `thinking` parts are kept as `think` content, and
 * attachments are named under the message (the export holds their text, not the files).
 */
export const claudeFormat: ImportFormat = {
  name: 'claude',
  matches: (value) => isRecord(value) && Array.isArray(value.chat_messages),
  read(value, index) {
    const item = recordOf(value, 'the conversation');
    const source = arrayOf(item.chat_messages, 'chat_messages');
    const ids = new Set(source.map((entry, position) => (isRecord(entry) && idOf(entry.uuid)) || `#${position}`));
    let previous: string | null = null;
    const messages = source.map((entry, position): ImportedMessage => {
      const message = recordOf(entry, `message ${position + 1}`);
      const sourceId = idOf(message.uuid) ?? `#${position}`;
      const parent = idOf(message.parent_message_uuid);
      const isCreatedByUser = message.sender === 'human';
      if (!isCreatedByUser && message.sender !== 'assistant') throw new ImportError(`message ${position + 1} has no known sender`);
      const { text, thinking } = readContent(message);
      const read: ImportedMessage = {
        sourceId,
        parentSourceId: parent && parent !== NO_PARENT && ids.has(parent) ? parent : previous,
        text: text + attachmentsOf(message),
        content: thinking.length > 0 ? [{ type: 'think', think: thinking.join('\n\n') }, { type: 'text', text }] : null,
        isCreatedByUser,
        sender: isCreatedByUser ? 'User' : 'Claude',
        createdAt: dateOf(message.created_at),
        updatedAt: dateOf(message.updated_at),
      };
      previous = sourceId;
      return read;
    });
    return {
      sourceId: idOf(item.uuid) ?? `#${index}:${stringOf(item.name) ?? ''}:${String(item.created_at ?? '')}`,
      title: stringOf(item.name) ?? '',
      createdAt: dateOf(item.created_at),
      updatedAt: dateOf(item.updated_at),
      options: { endpoint: 'anthropic', model: stringOf(item.model) ?? null },
      messages,
    };
  },
};

function readContent(message: Record<string, unknown>): { text: string; thinking: string[] } {
  if (!Array.isArray(message.content) || message.content.length === 0) return { text: stringOf(message.text) ?? '', thinking: [] };
  const texts: string[] = [];
  const thinking: string[] = [];
  for (const part of message.content.filter(isRecord)) {
    if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
    else if (part.type === 'thinking' && typeof part.thinking === 'string') thinking.push(part.thinking);
  }
  return { text: texts.join('\n\n') || (stringOf(message.text) ?? ''), thinking };
}

function attachmentsOf(message: Record<string, unknown>): string {
  const names = [message.attachments, message.files]
    .flatMap((list) => (Array.isArray(list) ? list.filter(isRecord) : []))
    .flatMap((file) => stringOf(file.file_name) ?? []);
  return [...new Set(names)].map((name) => `\n\n[Attachment: ${name}]`).join('');
}
