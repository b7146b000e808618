import { useEffect, useRef } from 'react';
import { isStoredConversationId, type ChatMessage } from '../utils/chat-message.js';
import type { ChatSubmission } from './use-chat-submission.js';

export interface ReattachInput {
  conversationId: string;
  /** The last message of the shown branch, once the conversation's messages are loaded. */
  latest: ChatMessage | undefined;
  loaded: boolean;
  endpoint: string | null | undefined;
  submission: ChatSubmission;
}

/**
 * A conversation opened while its reply still streams (this page reloaded, another tab asked)
 * ends in a user message with no reply yet or in the reply's `unfinished` snapshot: the screen then
 * re-attaches to the stream (GET /api/ask/stream/:id) once per such message, so a reply that will
 * never finish (its server went away) costs one 404, not a loop. An assistants run stores its reply
 * only at its end, so there the conversation ends in the user message while the run streams.
 */
export function useReattach({ conversationId, latest, loaded, endpoint, submission }: ReattachInput): void {
  const tried = useRef<string | null>(null);
  const { isSubmitting, attach, detach } = submission;

  useEffect(() => {
    if (!loaded || isSubmitting || !latest || !isStoredConversationId(conversationId)) return;
    if (!latest.isCreatedByUser && !latest.unfinished) return;
    const key = `${conversationId}:${latest.messageId}`;
    if (tried.current === key) return;
    tried.current = key;
    attach(conversationId, endpoint ?? '');
  }, [conversationId, latest, loaded, endpoint, isSubmitting, attach]);

  // Another conversation opened: stop watching this one's reply (it streams on for whoever asked).
  useEffect(() => () => detach(), [conversationId, detach]);
}
