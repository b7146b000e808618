import { PLUGIN_MARKER, toolProgressSchema, type ToolProgress } from '@protocol';
import { Fragment } from 'react';
import { Spinner } from '../../../components/spinner.js';
import { ErrorIcon, SuccessIcon } from '../../../components/icons/index.js';
import { Markdown } from '../../../lib/markdown/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

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

function PluginBox({ run, names }: { run: ToolProgress; names: Record<string, string> | undefined }) {
  const localize = useLocalize();
  const name = (run.latest && names?.[run.latest]) || run.latest || run.plugin || '';
  const state = run.loading ? 'running' : failed(run) ? 'failed' : 'done';
  const label = localize(state === 'running' ? 'com_ui_plugin_using' : state === 'failed' ? 'com_ui_plugin_failed' : 'com_ui_plugin_used', name);
  const inputs = (run.inputs ?? []).map((input) => (typeof input === 'string' ? input : JSON.stringify(input))).join('\n');
  return (
    <details className="my-2 w-fit max-w-full rounded-lg border border-neutral-200 text-sm dark:border-neutral-700" data-state={state}>
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-neutral-700 dark:text-neutral-200">
        {state === 'running' ? <Spinner className="[&_svg]:size-4" /> : state === 'failed' ? <ErrorIcon size={16} className="text-red-600" /> : <SuccessIcon size={16} className="text-green-600" />}
        <span>{label}</span>
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
  );
}

/**
 * A reply with tool runs: its plugin boxes (running, done or failed, the input and output inside)
 * where LibreChat's client draws them, and its text without the markers.
 */
export function PluginRuns({ text, runs, names, math, streaming }: { text: string; runs: readonly ToolProgress[]; names: Record<string, string> | undefined; math: boolean; streaming: boolean }) {
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
