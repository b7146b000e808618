/**
 * The message tree of an export, as LibreChat v0.7.1 builds it (`client/src/utils/buildTree.ts`):
 * each message copied with a `children` list, children in the order the list has them (the server's,
 * oldest first), and a message whose parent is not in the list is a root. Exported files carry these
 * `children` keys, so the shape is kept as it is.
 */

/** What an exporter needs of a message; the rest of the API object is written out unchanged. */
export interface ExportableMessage {
  messageId: string;
  parentMessageId?: string | null;
  [field: string]: unknown;
}

export type ExportTreeNode<Message extends ExportableMessage> = Message & { children: ExportTreeNode<Message>[] };

export function buildExportTree<Message extends ExportableMessage>(messages: readonly Message[]): ExportTreeNode<Message>[] {
  const byId = new Map<string, ExportTreeNode<Message>>();
  for (const message of messages) byId.set(message.messageId, { ...message, children: [] });
  const roots: ExportTreeNode<Message>[] = [];
  const placed = new Set<string>();
  for (const message of messages) {
    // A repeated id is placed once: the map holds one copy of it.
    if (placed.has(message.messageId)) continue;
    placed.add(message.messageId);
    const node = byId.get(message.messageId)!;
    const parent = message.parentMessageId && message.parentMessageId !== message.messageId ? byId.get(message.parentMessageId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
