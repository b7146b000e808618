import type { ConversationDto } from '../protocol/conversation.js';
import type { Conversation } from '../store/repositories/conversations.js';
import { nullableEndpointSettings, omitNulls } from './wire-nulls.js';

/** Contract §2.1: the conversation fields that may be null; every other null is left out. */
const nullableFields = new Set<string>(['conversationId', 'title', 'endpoint', ...nullableEndpointSettings]);

/**
 * The one mapping of a stored conversation to the wire (the list, GET one, search, the turn engine's
 * final frame and abort answer): flat like LibreChat's, every stored option passed through, dates as
 * ISO strings, no null where the client rejects one (`endpointType` is absent for built-in endpoints).
 */
export function toConversationDto(conversation: Conversation): ConversationDto {
  return {
    ...omitNulls(conversation, nullableFields),
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
  };
}
