import { placeholderIdFor, type ChatMessage } from './chat-message.js';

/** Where one turn's two messages currently sit in the cached list; the ids change as frames arrive. */
export interface TurnIds {
  userMessageId: string;
  responseMessageId: string;
}

/** Replaces the message with `id` (in place, or appended when absent); other entries keep their identity. */
export function upsertMessage(messages: readonly ChatMessage[], id: string, next: ChatMessage): ChatMessage[] {
  const index = messages.findIndex((message) => message.messageId === id);
  if (index === -1) return [...messages, next];
  const copy = messages.slice();
  copy[index] = next;
  return copy;
}

/**
 * `created`: the stored user message replaces the optimistic one, and a reply placeholder named
 * after the optimistic id is renamed after the real one (`<id>_`), still under it.
 */
export function foldCreated(messages: readonly ChatMessage[], ids: TurnIds, created: ChatMessage) {
  let next = upsertMessage(messages, ids.userMessageId, created);
  const renamed = idsAfterCreated(ids, created);
  if (ids.responseMessageId === placeholderIdFor(ids.userMessageId)) {
    const placeholder = next.find((message) => message.messageId === ids.responseMessageId);
    if (placeholder) {
      next = upsertMessage(next, ids.responseMessageId, {
        ...placeholder,
        messageId: renamed.responseMessageId,
        parentMessageId: created.messageId,
        conversationId: created.conversationId,
      });
    }
  }
  return { messages: next, ids: renamed };
}

/** The turn's ids once `created` named the user message: a placeholder reply is renamed after it, a continued reply keeps its id. */
export function idsAfterCreated(ids: TurnIds, created: Pick<ChatMessage, 'messageId'>): TurnIds {
  const isPlaceholder = ids.responseMessageId === placeholderIdFor(ids.userMessageId);
  return { userMessageId: created.messageId, responseMessageId: isPlaceholder ? placeholderIdFor(created.messageId) : ids.responseMessageId };
}

/**
 * A progress frame's `text` is the whole reply so far: it replaces, never appends. So do its
 * `plugins` (every tool run of the reply so far), when it has them.
 */
export function foldProgress(messages: readonly ChatMessage[], ids: TurnIds, text: string, template: ChatMessage, plugins?: readonly unknown[]): ChatMessage[] {
  const current = messages.find((message) => message.messageId === ids.responseMessageId);
  const samePlugins = plugins === undefined || JSON.stringify(current?.plugins) === JSON.stringify(plugins);
  if (current?.text === text && samePlugins) return messages as ChatMessage[];
  // Missing when something refetched the list mid-stream: put the reply back instead of losing it.
  return upsertMessage(messages, ids.responseMessageId, { ...(current ?? template), text, ...(plugins ? { plugins: [...plugins] } : {}) });
}

/** `final` (or the JSON answer of an abort): the stored pair replaces what the client made up. */
export function foldFinal(messages: readonly ChatMessage[], ids: TurnIds, request: ChatMessage | undefined, response: ChatMessage | undefined): ChatMessage[] {
  let next = messages.slice();
  if (request) next = upsertMessage(next, ids.userMessageId, request);
  if (response) {
    // The placeholder and the stored reply differ in id (except when continuing): drop the placeholder.
    if (response.messageId !== ids.responseMessageId) next = next.filter((message) => message.messageId !== ids.responseMessageId);
    next = upsertMessage(next, response.messageId, response);
  }
  return next;
}

/** An `error` frame: the reply becomes the error message, answering the turn's user message. */
export function foldError(messages: readonly ChatMessage[], ids: TurnIds, error: ChatMessage): ChatMessage[] {
  const withoutPlaceholder = error.messageId === ids.responseMessageId ? messages : messages.filter((message) => message.messageId !== ids.responseMessageId);
  return upsertMessage(withoutPlaceholder, error.messageId, { ...error, parentMessageId: ids.userMessageId, error: true });
}
