import { imageFileSchema, toolCallSchema, type ToolCall } from '@protocol';
import { Spinner } from '../../../components/spinner.js';
import { ErrorIcon, SuccessIcon } from '../../../components/icons/index.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';
import { Markdown } from '../../../lib/markdown/index.js';
import { textOfParts } from '../utils/fold-content-part.js';

/** Spec 001 §4: below 1 runs, 1 is done, 2 or more (or "error processing tool" in the output) failed; 0.1 by default. */
export function toolCallState(call: ToolCall): 'running' | 'done' | 'failed' {
  const progress = call.progress ?? 0.1;
  const output = call.function?.output ?? '';
  if (progress >= 2 || output.includes('error processing tool')) return 'failed';
  return progress < 1 ? 'running' : 'done';
}

const labels: Record<ToolCall['type'], Record<'running' | 'done', TranslationKey>> = {
  code_interpreter: { running: 'com_assistants_analyzing', done: 'com_assistants_finished_analyzing' },
  retrieval: { running: 'com_assistants_searching_knowledge', done: 'com_assistants_used_retrieval' },
  function: { running: 'com_assistants_running_function', done: 'com_assistants_completed_function' },
};

/** A code interpreter call keeps its printed output as `logs` outputs (images arrive as their own image_file parts). */
function codeInterpreterLogs(call: ToolCall): string {
  const logs = (call.code_interpreter?.outputs ?? []).flatMap((output) =>
    output && typeof output === 'object' && 'logs' in output && typeof output.logs === 'string' ? [output.logs] : [],
  );
  return logs.join('\n');
}

function ToolCallPart({ call }: { call: ToolCall }) {
  const localize = useLocalize();
  const state = toolCallState(call);
  const name = call.function?.name ?? '';
  const label = state === 'failed' ? localize('com_assistants_tool_failed', name || call.type) : localize(labels[call.type][state], name);
  const input = call.code_interpreter?.input ?? call.function?.arguments;
  const output = call.function?.output ?? codeInterpreterLogs(call);
  return (
    <details className="my-2 rounded-lg border border-neutral-200 text-sm dark:border-neutral-700" data-tool-state={state}>
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2">
        {state === 'running' ? <Spinner /> : state === 'done' ? <SuccessIcon /> : <ErrorIcon />}
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
  );
}

/** A reply of the assistants endpoint, part by part: text, tool calls with their labels and progress, images, errors. */
export function ContentParts({ parts, math, streaming }: { parts: readonly unknown[]; math: boolean; streaming: boolean }) {
  return (
    <>
      {parts.map((part, index) => {
        if (!part || typeof part !== 'object' || !('type' in part)) return null;
        const key = `${index}-${String(part.type)}`;
        if (part.type === 'text') return <Markdown key={key} text={textOfParts([part])} math={math} streaming={streaming && index === parts.length - 1} />;
        if (part.type === 'error') return <p key={key} className="text-red-600 dark:text-red-400">{textOfParts([{ ...part, type: 'text' }])}</p>;
        if (part.type === 'tool_call' && 'tool_call' in part) {
          const call = toolCallSchema.safeParse(part.tool_call);
          return call.success ? <ToolCallPart key={key} call={call.data} /> : null;
        }
        if (part.type === 'image_file' && 'image_file' in part) {
          const image = imageFileSchema.safeParse(part.image_file);
          return image.success ? <img key={key} src={image.data.filepath} alt={image.data.filename ?? ''} className="my-2 max-w-full rounded-lg" /> : null;
        }
        return null;
      })}
    </>
  );
}
