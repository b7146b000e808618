import type { ExportOptionsBlock } from './export-options.js';
import type { FlatMessage, NestedMessage } from './pick-messages.js';
import type { ExportableMessage } from './export-tree.js';
import type { ExportHeader } from './to-text.js';

export type JsonMessages<Message extends ExportableMessage> = { recursive: true; messagesTree: NestedMessage<Message>[] } | { recursive: false; messages: FlatMessage[] };

/**
 * LibreChat's `.json` export, written with 4-space indents. Key order: conversationId, endpoint,
 * title, exportAt, branches, recursive, options (when included), then messagesTree or messages.
 * Keys whose value is undefined (endpointType on built-in endpoints) drop out, as JSON.stringify does.
 */
export function toJson<Message extends ExportableMessage>(header: ExportHeader, branches: boolean, options: ExportOptionsBlock | null, messages: JsonMessages<Message>): string {
  const data: Record<string, unknown> = {
    conversationId: header.conversationId,
    endpoint: header.endpoint,
    title: header.title,
    exportAt: header.exportAt,
    branches,
    recursive: messages.recursive,
  };
  if (options) data.options = options;
  if (messages.recursive) data.messagesTree = messages.messagesTree;
  else data.messages = messages.messages;
  return JSON.stringify(data, null, 4);
}
