import type { ConversationDto } from '../../protocol/conversation.js';
import type { Conversation } from '../../store/types.js';

/**
 * The one mapping of a stored conversation to the wire (the list, GET one, the turn engine's final
 * frame): flat like LibreChat's, every stored option passed through, dates as ISO strings.
 */
export function toConversationDto(conversation: Conversation): ConversationDto {
  return {
    ...conversation,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
  };
}
