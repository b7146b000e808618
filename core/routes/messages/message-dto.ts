import type { MessageDto } from '../../protocol/conversation.js';
import type { Message } from '../../store/types.js';

/**
 * The one mapping of a stored message to the wire (GET /api/messages, the edit answer, the turn
 * engine's frames): every stored field passed through, dates as ISO strings, isEdited always present.
 */
export function toMessageDto(message: Message): MessageDto {
  return {
    ...message,
    isEdited: message.isEdited ?? false,
    createdAt: message.createdAt.toISOString(),
    updatedAt: message.updatedAt.toISOString(),
  };
}
