import type { MessageDto } from '@protocol';

/** The parent id of every first message of a conversation (and of every edit of it). */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** The cache key of the unsaved conversation behind /c/new. */
export const NEW_CONVERSATION = 'new';

/** Spec 000 §2: the search placeholder view, from which nothing is sent. */
export const SEARCH_VIEW = 'search';

/** Route ids that name no stored conversation: nothing to load for them. */
export const isStoredConversationId = (conversationId: string) => conversationId !== NEW_CONVERSATION && conversationId !== SEARCH_VIEW;

/**
 * A message as the client holds it: the wire DTO, plus `clientOnly` for what the server never
 * stored (the optimistic user message, a turn refused before `created`).
 */
export type ChatMessage = MessageDto & { clientOnly?: boolean };

/** The reply placeholder shown before the server names the reply: the user message id plus `_`. */
export const placeholderIdFor = (userMessageId: string) => `${userMessageId}_`;

const parsedTimes = new WeakMap<ChatMessage, number>();

/**
 * `createdAt` in milliseconds (0 when unreadable), parsed once per message object: the branch is
 * worked out again on every streamed frame, and a long conversation would parse thousands of dates.
 */
export function createdTime(message: ChatMessage): number {
  let time = parsedTimes.get(message);
  if (time === undefined) {
    time = Date.parse(message.createdAt) || 0;
    parsedTimes.set(message, time);
  }
  return time;
}

/**
 * A timestamp for an optimistic message that sorts after everything in the list even when the
 * browser clock lags the server's: the newest leaf decides which branch is shown.
 */
export function optimisticTimestamp(messages: readonly ChatMessage[]): string {
  let latest = Date.now();
  for (const message of messages) {
    const time = createdTime(message);
    if (time >= latest) latest = time + 1;
  }
  return new Date(latest).toISOString();
}
