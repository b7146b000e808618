import { exportOptions } from '../../protocol/export/export-options.js';
import type { ConversationDto, MessageDto } from '../../protocol/conversation.js';

/**
 * One conversation in chatbox JSON (docs/api.md): LibreChat's sequential export with every branch,
 * plus `chatbox: { version: 1, conversation }`. LibreChat imports it as its own export; chatbox
 * reads the extra section back, so the tree, options and timestamps survive the trip.
 */
export function toChatboxJson(conversation: ConversationDto, messages: readonly MessageDto[], exportAt: string): Record<string, unknown> {
  return {
    conversationId: conversation.conversationId,
    endpoint: conversation.endpoint,
    title: conversation.title,
    exportAt,
    branches: true,
    recursive: false,
    options: exportOptions({ ...conversation }),
    messages,
    chatbox: { version: 1, conversation },
  };
}
