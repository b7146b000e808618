import type { ChildProcess } from 'node:child_process';
import { makeSnapshot, startPythonProcess, type ProcessMessage, type ProcessSettings } from './python-processes.js';
import { outputMimeType, checkInputFileName } from './sandbox-files.js';
import { createOutputCollector } from './output-collector.js';
import { createRunSlots } from './run-slots.js';
import { defaultSandboxLimits, type PythonRun, type PythonRunResult, type SandboxLimits } from './sandbox-types.js';

export interface PythonSandboxOptions {
  /** Processes kept with Pyodide loaded, ready for the next run. Default 1. */
  warmWorkers?: number;
  /**
   * Start the warm processes now rather than at the first run (which then waits a few seconds for
   * the start-up image). Default false: a server whose assistants never run code pays nothing.
   */
  warmAtStart?: boolean;
  /** Defaults for the runs' limits. */
  limits?: Partial<SandboxLimits>;
  /** A Pyodide package index (CHATBOX_PYODIDE_INDEX_URL): programs may import its packages (numpy …). Off when absent. */
  packageIndexUrl?: string;
  /** Where downloaded packages are cached. */
  packageCacheDir?: string;
  /** The cap on a process's JavaScript heap (Python's own memory is `limits.memoryMb`). Default 256. */
  heapMb?: number;
  /** Programs running at once; more wait their turn (the wait is not counted in their time). Default 2. */
  maxRunning?: number;
  /** How long Pyodide may take to start before the run fails. Default 60 s. */
  startTimeoutMs?: number;
}

export interface PythonSandbox {
  /** Runs one program in a fresh interpreter. Rejects only for a bad request (a file name): what the program does is in the result. */
  runPython(run: PythonRun, signal?: AbortSignal): Promise<PythonRunResult>;
  /** Stops the warm processes. */
  close(): Promise<void>;
}

/**
 * Python (CPython in WebAssembly, from the `pyodide` package, offline) in child processes. Every run
 * gets an interpreter of its own that is thrown away after it — programs of different users never
 * share state — and the pool keeps the next one loaded (from a start-up memory image made once, so
 * a replacement is ready in about half a second). The wall-clock limit and the abort signal kill
 * the process, whatever the program is doing; a program that exhausts its process's memory takes
 * only that process down.
 */
export function createPythonSandbox(options: PythonSandboxOptions = {}): PythonSandbox {
  const defaults: SandboxLimits = { ...defaultSandboxLimits, ...options.limits };
  const warmCount = options.warmWorkers ?? 1;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const settings: ProcessSettings = { packageIndexUrl: options.packageIndexUrl, packageCacheDir: options.packageCacheDir, heapMb: options.heapMb ?? 256 };
  let snapshot: Promise<Uint8Array | null> | undefined;
  // Fires at close: kills the processes still starting too (the snapshot's included), which nothing else holds.
  const closing = new AbortController();
  const pool: Array<Promise<ChildProcess>> = [];
  const slots = createRunSlots(options.maxRunning ?? 2);

  function startProcess(): Promise<ChildProcess> {
    snapshot ??= makeSnapshot(settings, closing.signal);
    const started = startPythonProcess(settings, snapshot, closing.signal);
    // Nobody may be waiting yet; a failed start is reported by the run that takes this process.
    started.catch(() => undefined);
    return started;
  }

  function refill(): void {
    while (!closing.signal.aborted && pool.length < warmCount) pool.push(startProcess());
  }

  async function runPython(run: PythonRun, signal?: AbortSignal): Promise<PythonRunResult> {
    if (closing.signal.aborted) throw new Error('the Python sandbox is closed');
    const limits: SandboxLimits = { ...defaults, ...run.limits };
    const files = (run.files ?? []).map((file) => ({ name: checkInputFileName(file.name), bytes: new Uint8Array(file.bytes) }));
    const output = createOutputCollector(limits.outputBytes);
    if (signal?.aborted) return output.finish({ error: 'The run was stopped.', timedOut: false, files: [] });
    let release: () => void;
    try {
      release = await slots.acquire(signal);
    } catch (error) {
      return output.finish({ error: error instanceof Error ? error.message : String(error), timedOut: false, files: [] });
    }
    const started = pool.shift() ?? startProcess();
    try {
      const child = await waitFor(started, startTimeoutMs, signal);
      // Held while it runs (a CLI command waits for it), released while warm.
      child.ref();
      child.channel?.ref();
      return await new Promise<PythonRunResult>((resolve) => {
        const settle = (outcome: Parameters<typeof output.finish>[0]) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(output.finish(outcome));
        };
        const stop = (error: string, timedOut: boolean) => {
          child.kill('SIGKILL');
          settle({ error, timedOut, files: [] });
        };
        const timer = setTimeout(() => stop(`The code ran longer than ${limits.wallClockMs / 1000} s and was stopped.`, true), limits.wallClockMs);
        const onAbort = () => stop('The run was stopped.', false);
        signal?.addEventListener('abort', onAbort, { once: true });
        child.on('message', (message: ProcessMessage) => {
          if (message.type === 'output') output.add(message.stream, message.bytes, message.dropped);
          if (message.type === 'done') {
            const written = message.files.map((file) => ({ ...file, mimeType: outputMimeType(file) }));
            settle({ result: message.result, error: message.error, timedOut: false, files: written });
          }
        });
        child.once('error', (error) => settle({ error: `The Python process failed: ${error.message}`, timedOut: false, files: [] }));
        child.once('exit', (code, exitSignal) => settle({ error: describeExit(code, exitSignal), timedOut: false, files: [] }));
        child.send({ code: run.code, files, limits });
      });
    } catch (error) {
      return output.finish({ error: error instanceof Error ? error.message : String(error), timedOut: false, files: [] });
    } finally {
      // One program per interpreter: the used process goes (also one that is still starting), a fresh one warms up.
      started.then((child) => child.kill('SIGKILL'), () => undefined);
      release();
      refill();
    }
  }

  if (options.warmAtStart) refill();
  return {
    runPython,
    async close() {
      closing.abort();
      await Promise.allSettled(pool.splice(0));
    },
  };
}

/** V8 aborts a process whose JavaScript heap is full (SIGABRT, or 134 through a shell). */
function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal === 'SIGABRT' || code === 134) return 'The code used more memory than allowed and was stopped.';
  return `The Python process stopped (${signal ?? `exit code ${code}`}).`;
}

/** Waits for a process to start, failing at the start timeout or when the signal fires. */
function waitFor(started: Promise<ChildProcess>, timeoutMs: number, signal: AbortSignal | undefined): Promise<ChildProcess> {
  return new Promise<ChildProcess>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new Error('Python did not start in time.'))), timeoutMs);
    const onAbort = () => finish(() => reject(new Error('The run was stopped.')));
    signal?.addEventListener('abort', onAbort, { once: true });
    function finish(then: () => void) {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      then();
    }
    started.then((child) => finish(() => resolve(child)), (error: unknown) => finish(() => reject(error)));
  });
}
