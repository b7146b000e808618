import { PLUGIN_MARKER, toolProgressSchema, type ToolProgress } from '@protocol';
import { Fragment } from 'react';
import { Spinner } from '../../../components/spinner.js';
import { ErrorIcon, SuccessIcon } from '../../../components/icons/index.js';
import { Markdown } from '../../../lib/markdown/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToolDisplayNames } from '../../../lib/plugins/index.js';
import { ToolApprovalPrompt } from './tool-approval-prompt.js';

/** The plugin boxes of a reply, read from its `plugins` (entries that are no box are left out). */
export function pluginRunsOf(plugins: readonly unknown[] | null | undefined): ToolProgress[] {
  return (plugins ?? []).flatMap((entry) => {
    const parsed = toolProgressSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Where each box goes, as LibreChat's client places them: the text is split on the plugins
 * endpoint's marker and box i comes before segment i. A reply without markers (the agent loop of
 * the other endpoints) shows its boxes first, then its text.
 */
export function pluginLayout(text: string, runs: readonly ToolProgress[]): Array<{ run?: ToolProgress; runs?: readonly ToolProgress[]; text: string }> {
  if (!text.includes(PLUGIN_MARKER)) return [{ runs, text }];
  return text.split(PLUGIN_MARKER).map((segment, index) => ({ run: runs[index], text: segment }));
}

// Spec 001 §9: a run failed when it says so, or when its output contains "error processing tool".
const failed = (run: ToolProgress) => run.error === true || (run.outputs ?? '').includes('error processing tool');

type BoxState = 'awaiting-approval' | 'running' | 'denied' | 'expired' | 'failed' | 'done';

/** A call that waited for approval and did not run says why; otherwise its progress. */
function stateOf(run: ToolProgress): BoxState {
  const approval = run.approval?.status;
  if (approval === 'pending') return 'awaiting-approval';
  if (approval === 'denied' || approval === 'expired') return approval;
  return run.loading ? 'running' : failed(run) ? 'failed' : 'done';
}

const labels = {
  'awaiting-approval': 'com_ui_tool_approval_waiting',
  running: 'com_ui_plugin_using',
  denied: 'com_ui_tool_approval_denied',
  expired: 'com_ui_tool_approval_expired',
  failed: 'com_ui_plugin_failed',
  done: 'com_ui_plugin_used',
} as const;

function StateIcon({ state }: { state: BoxState }) {
  if (state === 'running' || state === 'awaiting-approval') return <Spinner className="[&_svg]:size-4" />;
  if (state === 'done') return <SuccessIcon size={16} className="text-green-600" />;
  return <ErrorIcon size={16} className="text-red-600" />;
}

function PluginBox({ run, names }: { run: ToolProgress; names: Readonly<Record<string, string>> }) {
  const localize = useLocalize();
  const name = (run.latest && names[run.latest]) || run.latest || run.plugin || '';
  const state = stateOf(run);
  const inputs = (run.inputs ?? []).map((input) => (typeof input === 'string' ? input : JSON.stringify(input))).join('\n');
  return (
    <div className="my-2 w-fit max-w-full overflow-hidden rounded-lg border border-neutral-200 text-sm dark:border-neutral-700">
      <details data-state={state}>
        <summary className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-neutral-700 dark:text-neutral-200">
          <StateIcon state={state} />
          <span>{localize(labels[state], name)}</span>
        </summary>
        <div className="space-y-2 border-t border-neutral-200 px-3 py-2 dark:border-neutral-700">
          <div>
            <div className="text-xs font-semibold text-neutral-500">{localize('com_endpoint_example_input')}</div>
            <pre className="overflow-x-auto text-xs whitespace-pre-wrap break-words">{inputs}</pre>
          </div>
          {run.outputs != null && (
            <div>
              <div className="text-xs font-semibold text-neutral-500">{localize('com_endpoint_example_output')}</div>
              <pre className="max-h-64 overflow-auto text-xs whitespace-pre-wrap break-words">{run.outputs}</pre>
            </div>
          )}
        </div>
      </details>
      {state === 'awaiting-approval' && run.approval && <ToolApprovalPrompt approval={run.approval} toolName={name} />}
    </div>
  );
}

/**
 * A reply with tool runs: its plugin boxes (running, done or failed, the input and output inside)
 * where LibreChat's client draws them, and its text without the markers. Box titles are the tools'
 * display names from the tool catalogue, `names` (the plugins endpoint's map) standing in until it loads.
 */
export function PluginRuns({ text, runs, names: fallbackNames, math, streaming }: { text: string; runs: readonly ToolProgress[]; names: Record<string, string> | undefined; math: boolean; streaming: boolean }) {
  const names = useToolDisplayNames(fallbackNames);
  const parts = pluginLayout(text, runs);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {(part.runs ?? (part.run ? [part.run] : [])).map((run, runIndex) => (
            <PluginBox key={run.runId ?? runIndex} run={run} names={names} />
          ))}
          {part.text && <Markdown text={part.text} math={math} streaming={streaming && index === parts.length - 1} />}
        </Fragment>
      ))}
    </>
  );
}
