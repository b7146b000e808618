import type { ExportableMessage, ExportTreeNode } from './export-tree.js';

export interface PickOptions {
  /** Every child is followed; otherwise one child per fork. */
  branches: boolean;
  /**
   * The ids of the branch the user sees: at a fork the child among them is taken. Without one (or
   * on the server) LibreChat's default applies: the last child, the newest.
   */
  shownIds?: ReadonlySet<string>;
}

/** A message of a flat export: the API object's keys in their order, `children` removed. */
export type FlatMessage = Record<string, unknown>;

/** A message with its chosen children nested (LibreChat's recursive export). */
export type NestedMessage<Message extends ExportableMessage> = Message & { children: NestedMessage<Message>[] };

function chooseChildren<Message extends ExportableMessage>(siblings: readonly ExportTreeNode<Message>[], options: PickOptions): ExportTreeNode<Message>[] {
  if (options.branches || siblings.length <= 1) return [...siblings];
  const shown = options.shownIds ? siblings.find((message) => options.shownIds!.has(message.messageId)) : undefined;
  return [shown ?? siblings[siblings.length - 1]];
}

/**
 * The nested messages LibreChat's `buildMessageTree` makes with `recursive`: each message keeps its
 * keys and `children` (last, where buildTree put it) holds only the chosen children. Iterative, so a
 * conversation thousands of messages long does not overflow the stack.
 */
export function pickNested<Message extends ExportableMessage>(roots: readonly ExportTreeNode<Message>[], options: PickOptions): NestedMessage<Message>[] {
  const top: NestedMessage<Message>[] = [];
  const stack: { node: ExportTreeNode<Message>; into: NestedMessage<Message>[] }[] = chooseChildren(roots, options)
    .reverse()
    .map((node) => ({ node, into: top }));
  // Children are pushed in reverse so they are visited, and appended, in order.
  while (stack.length > 0) {
    const { node, into } = stack.pop()!;
    const copy: NestedMessage<Message> = { ...node, children: [] };
    into.push(copy);
    for (const child of chooseChildren(node.children, options).reverse()) stack.push({ node: child, into: copy.children });
  }
  return top;
}

/** The flat, depth-first list of the sequential exports (text, Markdown, CSV, sequential JSON), without `children`. */
export function pickSequential<Message extends ExportableMessage>(roots: readonly ExportTreeNode<Message>[], options: PickOptions): FlatMessage[] {
  const list: FlatMessage[] = [];
  const stack = chooseChildren(roots, options).reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { children, ...message } = node;
    list.push(message);
    stack.push(...chooseChildren(children, options).reverse());
  }
  return list;
}
