import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocalize } from '../../../lib/i18n/index.js';
import { attachTurn } from '../api/attach-turn.js';
import { runTurn, type TurnHandle } from '../api/run-turn.js';
import type { TurnPlan } from '../utils/turn-plan.js';

export interface ChatSubmission {
  isSubmitting: boolean;
  /** Starts a turn; false when one is already running (one at a time, as the server allows). */
  submit(plan: TurnPlan): boolean;
  /** Watches the reply streaming in a conversation another tab (or this page before a reload) started; false when a turn runs here. */
  attach(conversationId: string, endpoint: string): boolean;
  /** Stops watching a re-attached reply (the user opened another conversation); the reply streams on. A turn of this tab runs on. */
  detach(): void;
  stop(): void;
}

/**
 * The running turn of the chat screen. It lives as long as the screen does, so navigating from
 * /c/new to the new conversation's id (same route, same component) does not interrupt the stream.
 */
export function useChatSubmission(onConversationCreated: (conversationId: string) => void): ChatSubmission {
  const queryClient = useQueryClient();
  const localize = useLocalize();
  const [isSubmitting, setSubmitting] = useState(false);
  const turn = useRef<TurnHandle | null>(null);
  const attached = useRef(false);
  const created = useRef(onConversationCreated);
  useEffect(() => {
    created.current = onConversationCreated;
  });

  // Leaving the chat screen (sign-out, another route) drops the request; the server then stops.
  useEffect(() => () => turn.current?.cancel(), []);

  /** Runs one handle at a time: submitting until it settles. */
  const track = useCallback((start: (onSettled: () => void) => TurnHandle, attaching = false) => {
    if (turn.current) return false;
    attached.current = attaching;
    setSubmitting(true);
    const handle = start(() => {
      if (turn.current === handle) turn.current = null;
      setSubmitting(false);
    });
    turn.current = handle;
    return true;
  }, []);

  const submit = useCallback(
    (plan: TurnPlan) => track((onSettled) => runTurn(plan, { queryClient, localize, onConversationCreated: (id) => created.current(id), onSettled })),
    [track, queryClient, localize],
  );

  const attach = useCallback(
    (conversationId: string, endpoint: string) => track((onSettled) => attachTurn(conversationId, { queryClient, endpoint, onSettled }), true),
    [track, queryClient],
  );

  const detach = useCallback(() => {
    if (attached.current) turn.current?.cancel();
  }, []);

  const stop = useCallback(() => void turn.current?.stop(), []);
  return { isSubmitting, submit, attach, detach, stop };
}
