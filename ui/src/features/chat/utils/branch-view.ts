import type { ChatMessage } from './chat-message.js';
import { buildMessageTree, selectBranch, type BranchEntry, type BranchSelection, type MessageTree } from './message-tree.js';

/** The tree of a message list and the branch shown under a selection. */
export interface BranchView {
  messages: readonly ChatMessage[];
  selection: BranchSelection;
  tree: MessageTree;
  branch: BranchEntry[];
}

/**
 * The tree and branch of `messages`. A streamed frame only rewrites the text of one reply: when
 * the messages are `previous`'s with nothing added, removed or moved, the new message objects are
 * swapped into the previous tree and branch instead of indexing a long conversation again.
 */
export function viewBranch(previous: BranchView | null, messages: readonly ChatMessage[], selection: BranchSelection): BranchView {
  const swaps = previous?.selection === selection ? contentSwaps(previous.messages, messages) : null;
  if (!previous || !swaps) {
    const tree = buildMessageTree(messages);
    return { messages, selection, tree, branch: selectBranch(tree, selection) };
  }
  if (swaps.size === 0) return { ...previous, messages };
  const byId = new Map(previous.tree.byId);
  for (const message of swaps.values()) byId.set(message.messageId, message);
  const children = new Map(previous.tree.children);
  const swappedLists = new Map<readonly ChatMessage[], ChatMessage[]>();
  for (const [parent, list] of previous.tree.children) {
    if (!list.some((message) => swaps.has(message))) continue;
    const swapped = list.map((message) => swaps.get(message) ?? message);
    children.set(parent, swapped);
    swappedLists.set(list, swapped);
  }
  const branch = previous.branch.map((entry) => {
    const message = swaps.get(entry.message);
    const siblings = swappedLists.get(entry.siblings);
    return message || siblings ? { message: message ?? entry.message, siblings: siblings ?? entry.siblings, siblingIndex: entry.siblingIndex } : entry;
  });
  return { messages, selection, tree: { byId, children, newestBelow: previous.tree.newestBelow }, branch };
}

/** Old object → new one for each message whose contents changed; null when the tree itself may differ. */
function contentSwaps(before: readonly ChatMessage[], after: readonly ChatMessage[]): Map<ChatMessage, ChatMessage> | null {
  if (before.length !== after.length) return null;
  const swaps = new Map<ChatMessage, ChatMessage>();
  for (let index = 0; index < after.length; index += 1) {
    const old = before[index];
    const next = after[index];
    if (old === next) continue;
    if (old.messageId !== next.messageId || old.parentMessageId !== next.parentMessageId || old.createdAt !== next.createdAt) return null;
    swaps.set(old, next);
  }
  return swaps;
}
