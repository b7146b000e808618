import type { Message } from '../store/repositories/messages.js';

/** The parent of every first message of a conversation. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/**
 * The branch from the root down to `leafId`, oldest first: what the model sees as history. A broken
 * or cyclic parent chain ends the walk instead of looping.
 */
export function branchTo(messages: Message[], leafId: string): Message[] {
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  const branch: Message[] = [];
  const seen = new Set<string>();
  let current = byId.get(leafId);
  while (current && !seen.has(current.messageId)) {
    seen.add(current.messageId);
    branch.push(current);
    current = current.parentMessageId === NO_PARENT ? undefined : byId.get(current.parentMessageId);
  }
  return branch.reverse();
}
