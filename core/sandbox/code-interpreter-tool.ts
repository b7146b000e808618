import type { SavedToolFile, Tool, ToolContext, ToolOutputPart } from '../plugin-api/index.js';
import type { PythonSandbox } from './python-sandbox.js';
import { defaultSandboxLimits, type PythonRunResult, type SandboxFile, type SandboxLimits, type SandboxOutputFile } from './sandbox-types.js';

export interface CodeInterpreterOptions {
  sandbox: PythonSandbox;
  /** The thread's files, mounted read-only under /mnt/data; the assistants run reads them for each call. */
  files?: (context: ToolContext) => Promise<SandboxFile[]>;
  /** Limits for the runs; the sandbox's defaults otherwise. */
  limits?: Partial<SandboxLimits>;
  /** Hears each call's outcome: the assistants run shows it as LibreChat's code_interpreter part. */
  onOutcome?: (outcome: CodeInterpreterOutcome) => void;
}

/** A written file and where it was kept for the user (or why not). */
export interface KeptOutputFile {
  file: SandboxOutputFile;
  saved?: SavedToolFile;
  failure?: string;
}

/** One call's outcome, for callers that render it themselves (the assistants run's code outputs). */
export interface CodeInterpreterOutcome {
  run: PythonRunResult;
  files: KeptOutputFile[];
}

const maxCodeLength = 100_000;
/** Images up to this size also go back to the model (vision models look at the plots they made). */
const maxInlineImageBytes = 2 * 1024 * 1024;
const inlineImageTypes = /^image\/(png|jpeg|gif|webp)$/;

const description =
  'Runs Python 3 code in a sandbox and answers what it printed, the value of its last expression, and the files it wrote. ' +
  'The standard library is available; there is no network and no package installation. Files the user attached are in /mnt/data ' +
  '(read-only, the working directory); save files for the user (CSV, images written as PNG bytes …) under /mnt/data. ' +
  'Each call starts a fresh interpreter: nothing carries over from an earlier call. Runs are time and memory limited.';

/**
 * Runs a program and keeps each file it wrote as a file of the user, with context
 * `assistants_output`. A file the storage refuses (quota, size) is reported, not fatal.
 */
export async function runCodeInterpreter(options: CodeInterpreterOptions, code: string, context: ToolContext): Promise<CodeInterpreterOutcome> {
  const files = options.files ? await options.files(context) : [];
  const run = await options.sandbox.runPython({ code, files, limits: options.limits }, context.signal);
  const kept: KeptOutputFile[] = [];
  for (const file of run.files) {
    if (!context.saveFile) {
      kept.push({ file, failure: 'this server keeps no files for tools here' });
      continue;
    }
    try {
      const saved = await context.saveFile({ name: file.name.split('/').pop() ?? file.name, mediaType: file.mimeType, body: file.bytes, context: 'assistants_output' });
      kept.push({ file, saved });
    } catch (error) {
      kept.push({ file, failure: error instanceof Error ? error.message : String(error) });
    }
  }
  return { run, files: kept };
}

/** The text the model reads: each part only when there is something in it. */
export function describeOutcome({ run, files }: CodeInterpreterOutcome): string {
  const sections: string[] = [];
  if (run.stdout) sections.push(`stdout:\n${run.stdout}`);
  if (run.stderr) sections.push(`stderr:\n${run.stderr}`);
  if (run.result !== undefined) sections.push(`result: ${run.result}`);
  if (run.error !== undefined) sections.push(`error:\n${run.error}`);
  if (files.length > 0) {
    const lines = files.map(({ file, saved, failure }) => {
      const what = `/mnt/data/${file.name} (${file.mimeType}, ${file.bytes.byteLength} bytes)`;
      if (!saved) return `- ${what}: not kept: ${failure}`;
      const link = file.mimeType.startsWith('image/') && saved.width !== undefined ? `![${file.name}](${saved.filepath})` : `[${file.name}](${saved.filepath})`;
      return `- ${what}: ${link}`;
    });
    sections.push(`files written (shown to the user):\n${lines.join('\n')}`);
  }
  return sections.length > 0 ? sections.join('\n\n') : 'The code ran and printed nothing.';
}

/**
 * The `code_interpreter` tool of assistants (OpenAI's name and LibreChat's): not in the tool store,
 * an assistant gets it through its capability. Takes `{code}`, or LibreChat's `{input}`.
 */
export function createCodeInterpreterTool(options: CodeInterpreterOptions): Tool {
  const wallClockMs = options.limits?.wallClockMs ?? defaultSandboxLimits.wallClockMs;
  return {
    name: 'code_interpreter',
    description,
    inputSchema: {
      type: 'object',
      properties: {
        code: { type: 'string', maxLength: maxCodeLength, description: 'The Python program to run.' },
        input: { type: 'string', maxLength: maxCodeLength, description: 'The same as `code` (the name LibreChat used); give one of the two.' },
      },
      additionalProperties: false,
    },
    manifest: { displayName: 'Code Interpreter', summary: 'Runs Python code in a sandbox, with the conversation\'s files.', icon: '/assets/tools/code_interpreter.svg', credentials: [] },
    // The run's own limit answers first; this leaves room for Pyodide's start and keeping the files.
    timeoutMs: wallClockMs + 30_000,
    async execute(input, context) {
      const code = readCode(input);
      const outcome = await runCodeInterpreter(options, code, context);
      options.onOutcome?.(outcome);
      const parts: ToolOutputPart[] = [{ type: 'text', text: describeOutcome(outcome) }];
      for (const { file } of outcome.files) {
        if (inlineImageTypes.test(file.mimeType) && file.bytes.byteLength <= maxInlineImageBytes) {
          parts.push({ type: 'image', url: `data:${file.mimeType};base64,${Buffer.from(file.bytes).toString('base64')}` });
        }
      }
      return parts;
    },
  };
}

function readCode(input: unknown): string {
  if (typeof input === 'object' && input !== null) {
    const code = 'code' in input ? input.code : 'input' in input ? input.input : undefined;
    if (typeof code === 'string' && code.trim() !== '') return code;
  }
  throw new Error('give the Python program to run as `code`');
}
