import type { ToolCall } from '@protocol';
import { useEffect, useReducer, useState } from 'react';
import { Spinner } from '../../../components/spinner.js';
import { ErrorIcon, SuccessIcon } from '../../../components/icons/index.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';
import { ToolApprovalPrompt } from './tool-approval-prompt.js';

/** Spec 001 §4: below 1 runs, 1 is done, 2 or more (or "error processing tool" in the output) failed; 0.1 by default. */
export function toolCallState(call: ToolCall): 'running' | 'done' | 'failed' {
  const progress = call.progress ?? 0.1;
  const output = call.function?.output ?? '';
  if (progress >= 2 || output.includes('error processing tool')) return 'failed';
  return progress < 1 ? 'running' : 'done';
}

/** What the call's box says: its progress, or, for a tool that needs the user's approval, where that stands. */
type CallState = 'awaiting-approval' | 'running' | 'denied' | 'expired' | 'failed' | 'done';

const labels: Record<ToolCall['type'], Record<'running' | 'done', TranslationKey>> = {
  code_interpreter: { running: 'com_assistants_analyzing', done: 'com_assistants_finished_analyzing' },
  retrieval: { running: 'com_assistants_searching_knowledge', done: 'com_assistants_used_retrieval' },
  function: { running: 'com_assistants_running_function', done: 'com_assistants_completed_function' },
};

const approvalLabels = {
  'awaiting-approval': 'com_ui_tool_approval_waiting',
  denied: 'com_ui_tool_approval_denied',
  expired: 'com_ui_tool_approval_expired',
} as const satisfies Partial<Record<CallState, TranslationKey>>;

/**
 * How long a call that appeared while its reply streamed shows its in-progress label at least. A
 * local search ends within milliseconds, so its "searching my knowledge" frame and its result reach
 * the page together; spec 001 has the label go from one to the other, so the first is held long
 * enough to be read. A reply opened later shows its calls as they ended.
 */
export const minimumRunningMs = 700;

function useShownProgress(state: 'running' | 'done' | 'failed', live: boolean): 'running' | 'done' | 'failed' {
  const [holdUntil] = useState(() => (live ? Date.now() + minimumRunningMs : 0));
  const [, wake] = useReducer((count: number) => count + 1, 0);
  const holding = state === 'done' && Date.now() < holdUntil;
  useEffect(() => {
    if (!holding) return;
    const timer = setTimeout(wake, Math.max(0, holdUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [holding, holdUntil]);
  return holding ? 'running' : state;
}

function callState(call: ToolCall, progress: 'running' | 'done' | 'failed'): CallState {
  const approval = call.approval?.status;
  if (approval === 'pending') return 'awaiting-approval';
  if (approval === 'denied' || approval === 'expired') return approval;
  return progress;
}

/** A code interpreter call keeps its printed output as `logs` outputs (images arrive as their own image_file parts). */
function codeInterpreterLogs(call: ToolCall): string {
  const logs = (call.code_interpreter?.outputs ?? []).flatMap((output) =>
    output && typeof output === 'object' && 'logs' in output && typeof output.logs === 'string' ? [output.logs] : [],
  );
  return logs.join('\n');
}

function StateIcon({ state }: { state: CallState }) {
  if (state === 'running' || state === 'awaiting-approval') return <Spinner />;
  return state === 'done' ? <SuccessIcon /> : <ErrorIcon />;
}

/**
 * One tool call of an assistants reply with the spec's labels; a call of a tool that needs the
 * user's approval asks with Allow / Deny and the time left, as the plugin boxes do.
 */
export function ToolCallPart({ call, live }: { call: ToolCall; live: boolean }) {
  const localize = useLocalize();
  const state = callState(call, useShownProgress(toolCallState(call), live));
  const name = call.function?.name ?? '';
  const label =
    state === 'failed'
      ? localize('com_assistants_tool_failed', name || call.type)
      : state === 'running' || state === 'done'
        ? localize(labels[call.type][state], name)
        : localize(approvalLabels[state], name);
  const input = call.code_interpreter?.input ?? call.function?.arguments;
  const output = call.function?.output ?? codeInterpreterLogs(call);
  return (
    <div className="my-2 overflow-hidden rounded-lg border border-neutral-200 text-sm dark:border-neutral-700">
      <details data-tool-state={state}>
        <summary className="flex cursor-pointer items-center gap-2 px-3 py-2">
          <StateIcon state={state} />
          <span>{label}</span>
        </summary>
        <div className="flex flex-col gap-2 border-t border-neutral-200 px-3 py-2 dark:border-neutral-700">
          {input && (
            <div>
              <p className="text-xs font-medium text-neutral-500">{localize('com_assistants_tool_input')}</p>
              <pre className="overflow-x-auto text-xs whitespace-pre-wrap">{input}</pre>
            </div>
          )}
          {output && (
            <div>
              <p className="text-xs font-medium text-neutral-500">{localize('com_assistants_tool_output')}</p>
              <pre className="overflow-x-auto text-xs whitespace-pre-wrap">{output}</pre>
            </div>
          )}
        </div>
      </details>
      {call.approval?.status === 'pending' && <ToolApprovalPrompt approval={call.approval} toolName={name} />}
    </div>
  );
}
