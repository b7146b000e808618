import type { MessageDto } from '../protocol/conversation.js';
import type { Message } from '../store/repositories/messages.js';
import { omitNulls } from './wire-nulls.js';

/** Contract §2.3: the message fields that may be null; every other null (finish_reason, endpoint, …) is left out. */
const nullableFields = new Set<string>([
  'conversationId', 'parentMessageId', 'model', 'clientId', 'responseMessageId', 'overrideParentMessageId', 'bg', 'generation',
  'title', 'files', 'plugin', 'content',
]);

/**
 * The one mapping of a stored message to the wire (GET /api/messages, the edit answer, the turn
 * engine's frames): every stored field passed through, dates as ISO strings, isEdited always present,
 * no null where the client rejects one.
 */
export function toMessageDto(message: Message): MessageDto {
  return {
    ...omitNulls(message, nullableFields),
    isEdited: message.isEdited ?? false,
    createdAt: message.createdAt.toISOString(),
    updatedAt: message.updatedAt.toISOString(),
  };
}
