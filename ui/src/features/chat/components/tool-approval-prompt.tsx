import type { ToolApproval } from '@protocol';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/button.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useAnswerToolApprovalMutation } from '../api/answer-tool-approval.js';

const secondsUntil = (expiresAt: string | undefined) => (expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)) : undefined);

/** 95 → "1:35". */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The seconds left until `expiresAt`, ticking; undefined without a deadline. */
function useSecondsLeft(expiresAt: string | undefined): number | undefined {
  const [left, setLeft] = useState(() => secondsUntil(expiresAt));
  useEffect(() => {
    setLeft(secondsUntil(expiresAt));
    if (!expiresAt) return;
    const timer = setInterval(() => setLeft(secondsUntil(expiresAt)), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return left;
}

/**
 * The question of a tool call that waits for the user: Allow / Deny and the time left. The
 * question is a status region, so a screen reader hears it once when it appears (the countdown is
 * outside it: a live region ticking every second would drown everything else). Once answered, the
 * buttons go: the turn's next frame shows the call running or denied.
 */
export function ToolApprovalPrompt({ approval, toolName }: { approval: ToolApproval; toolName: string }) {
  const localize = useLocalize();
  const questionId = useId();
  const left = useSecondsLeft(approval.expiresAt);
  const mutation = useAnswerToolApprovalMutation();
  const [sent, setSent] = useState(false);
  if (sent || left === 0) return null;
  const answer = (allow: boolean) =>
    mutation.mutate({ approvalId: approval.id, allow }, { onSuccess: () => setSent(true) });
  return (
    <div role="group" aria-labelledby={questionId} className="flex flex-wrap items-center gap-2 border-t border-amber-300 bg-amber-50 px-3 py-2 dark:border-amber-700 dark:bg-amber-950" data-testid="tool-approval">
      <span id={questionId} role="status" className="font-medium">
        {localize('com_ui_tool_approval_question', toolName)}
      </span>
      {left !== undefined && <span className="text-xs text-neutral-500 tabular-nums">{localize('com_ui_tool_approval_time_left', clock(left))}</span>}
      <span className="ms-auto flex gap-2">
        <Button className="px-3 py-1" disabled={mutation.isPending} onClick={() => answer(true)}>
          {localize('com_ui_tool_approval_allow')}
        </Button>
        <Button variant="secondary" className="px-3 py-1" disabled={mutation.isPending} onClick={() => answer(false)}>
          {localize('com_ui_tool_approval_deny')}
        </Button>
      </span>
      {mutation.isError && (
        <span role="alert" className="w-full text-xs text-red-600">
          {localize('com_ui_tool_approval_failed')}
        </span>
      )}
    </div>
  );
}
