import { ImportError, type ImportedMessage, type ImportFormat } from '../imported-conversation.js';
import { arrayOf, idOf, isRecord, recordOf, stringOf } from '../source-values.js';

/**
 * One conversation of a chatbot-ui export (`{ version, history: [...] }`; detect-format unpacks the
 * history): messages are a plain sequence of `{ role, content }` without timestamps.
 */
export const chatbotUiFormat: ImportFormat = {
  name: 'chatbot-ui',
  matches: (value) => isRecord(value) && Array.isArray(value.messages) && ('name' in value || 'prompt' in value),
  read(value, index) {
    const conversation = recordOf(value, 'the conversation');
    const model = isRecord(conversation.model) ? (idOf(conversation.model.id) ?? null) : null;
    let previous: string | null = null;
    const messages = arrayOf(conversation.messages, 'messages').map((entry, position): ImportedMessage => {
      const message = recordOf(entry, `message ${position + 1}`);
      if (message.role !== 'user' && message.role !== 'assistant') throw new ImportError(`message ${position + 1} has no known role`);
      const sourceId = `#${position}`;
      const read: ImportedMessage = {
        sourceId,
        parentSourceId: previous,
        text: stringOf(message.content) ?? '',
        isCreatedByUser: message.role === 'user',
        sender: message.role === 'user' ? 'User' : 'ChatGPT',
      };
      previous = sourceId;
      return read;
    });
    const temperature = typeof conversation.temperature === 'number' ? conversation.temperature : null;
    return {
      sourceId: idOf(conversation.id) ?? `#${index}:${stringOf(conversation.name) ?? ''}`,
      title: stringOf(conversation.name) ?? '',
      options: { endpoint: 'openAI', model, promptPrefix: stringOf(conversation.prompt) ?? null, temperature },
      messages,
    };
  },
};
