import { createdTime, NO_PARENT, type ChatMessage } from './chat-message.js';

export interface MessageTree {
  byId: ReadonlyMap<string, ChatMessage>;
  /** Children of each message (roots under NO_PARENT), oldest first. */
  children: ReadonlyMap<string, readonly ChatMessage[]>;
  /** The newest createdAt in each message's subtree: the default branch leads to the newest leaf. */
  newestBelow: ReadonlyMap<string, number>;
}

/** One shown message of the current branch, with the alternatives at its position. */
export interface BranchEntry {
  message: ChatMessage;
  /** Every child of the same parent, this one included, oldest first. */
  siblings: readonly ChatMessage[];
  siblingIndex: number;
}

/** A user's choice at a fork: parent id (NO_PARENT for the roots) → the chosen child id. */
export type BranchSelection = ReadonlyMap<string, string>;

/**
 * Indexes the flat list GET /api/messages returns (every branch) by parentMessageId. A message whose
 * parent is missing counts as a root, so a damaged tree still shows everything it can.
 */
export function buildMessageTree(messages: readonly ChatMessage[]): MessageTree {
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  const children = new Map<string, ChatMessage[]>();
  for (const message of messages) {
    const parent = byId.has(message.parentMessageId) && message.parentMessageId !== message.messageId ? message.parentMessageId : NO_PARENT;
    const list = children.get(parent);
    if (list) list.push(message);
    else children.set(parent, [message]);
  }
  // Stable sort: equal timestamps keep the server's order.
  for (const list of children.values()) list.sort((a, b) => createdTime(a) - createdTime(b));

  // Iterative post-order (a 2,000-message chain would be deep recursion): visit order, then reversed.
  const order: string[] = [];
  const stack = [NO_PARENT];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    order.push(id);
    for (const child of children.get(id) ?? []) stack.push(child.messageId);
  }
  const newestBelow = new Map<string, number>();
  for (let index = order.length - 1; index >= 0; index -= 1) {
    const id = order[index];
    let newest = byId.has(id) ? createdTime(byId.get(id)!) : 0;
    for (const child of children.get(id) ?? []) newest = Math.max(newest, newestBelow.get(child.messageId) ?? 0);
    newestBelow.set(id, newest);
  }
  return { byId, children, newestBelow };
}

/** The child a fork shows: the user's choice if it still exists, else the one leading to the newest leaf. */
function chooseChild(tree: MessageTree, parentId: string, selection: BranchSelection): number {
  const siblings = tree.children.get(parentId) ?? [];
  const chosen = selection.get(parentId);
  const chosenIndex = chosen ? siblings.findIndex((message) => message.messageId === chosen) : -1;
  if (chosenIndex !== -1) return chosenIndex;
  let best = 0;
  for (let index = 1; index < siblings.length; index += 1) {
    if ((tree.newestBelow.get(siblings[index].messageId) ?? 0) >= (tree.newestBelow.get(siblings[best].messageId) ?? 0)) best = index;
  }
  return best;
}

/** The branch from the root down to a leaf, as the chat screen shows it. */
export function selectBranch(tree: MessageTree, selection: BranchSelection = new Map()): BranchEntry[] {
  const branch: BranchEntry[] = [];
  const seen = new Set<string>();
  let parentId = NO_PARENT;
  for (;;) {
    const siblings = tree.children.get(parentId);
    if (!siblings || siblings.length === 0) return branch;
    const siblingIndex = chooseChild(tree, parentId, selection);
    const message = siblings[siblingIndex];
    if (seen.has(message.messageId)) return branch;
    seen.add(message.messageId);
    branch.push({ message, siblings, siblingIndex });
    parentId = message.messageId;
  }
}
