import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocalize } from '../../../lib/i18n/index.js';
import { runTurn, type TurnHandle } from '../api/run-turn.js';
import type { TurnPlan } from '../utils/turn-plan.js';

export interface ChatSubmission {
  isSubmitting: boolean;
  /** Starts a turn; false when one is already running (one at a time, as the server allows). */
  submit(plan: TurnPlan): boolean;
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
  const created = useRef(onConversationCreated);
  useEffect(() => {
    created.current = onConversationCreated;
  });

  // Leaving the chat screen (sign-out, another route) drops the request; the server then stops.
  useEffect(() => () => turn.current?.cancel(), []);

  const submit = useCallback(
    (plan: TurnPlan) => {
      if (turn.current) return false;
      setSubmitting(true);
      const handle = runTurn(plan, {
        queryClient,
        localize,
        onConversationCreated: (id) => created.current(id),
        onSettled: () => {
          if (turn.current === handle) turn.current = null;
          setSubmitting(false);
        },
      });
      turn.current = handle;
      return true;
    },
    [queryClient, localize],
  );

  const stop = useCallback(() => void turn.current?.stop(), []);
  return { isSubmitting, submit, stop };
}
