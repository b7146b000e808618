import type { ConversationDto } from '../protocol/conversation.js';
import type { Conversation } from '../store/repositories/conversations.js';
import { nullableEndpointSettings, omitNulls } from './wire-nulls.js';

/** Contract §2.1: the conversation fields that may be null; every other null is left out. */
const nullableFields = new Set<string>(['conversationId', 'title', 'endpoint', ...nullableEndpointSettings]);

/**
 * The one mapping of a stored conversation to the wire (the list, GET one, search, the turn engine's
 * final frame and abort answer): flat like LibreChat's, every stored option passed through, dates as
 * ISO strings, no null where the client rejects one (`endpointType` is absent for built-in endpoints),
 * no `tools`.
 */
export function toConversationDto(conversation: Conversation): ConversationDto {
  // `tools` stays stored (later turns of the conversation use it) but never goes out: LibreChat's
  // client holds whole plugin objects there and crashes on keys (contract §2.1, trap 5); it restores
  // its own selection from `lastSelectedTools`.
  const { tools: _keys, ...shown } = conversation;
  return {
    ...omitNulls(shown, nullableFields),
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
  };
}
