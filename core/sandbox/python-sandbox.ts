import type { Worker } from 'node:worker_threads';
import { makeSnapshot, startPythonThread, type ThreadSettings, type WorkerMessage } from './python-threads.js';
import { outputMimeType, checkInputFileName } from './sandbox-files.js';
import { createOutputCollector } from './output-collector.js';
import { defaultSandboxLimits, type PythonRun, type PythonRunResult, type SandboxLimits } from './sandbox-types.js';

export interface PythonSandboxOptions {
  /** Threads kept with Pyodide loaded, ready for the next run. Default 1. */
  warmWorkers?: number;
  /** Defaults for the runs' limits. */
  limits?: Partial<SandboxLimits>;
  /** A Pyodide package index (CHATBOX_PYODIDE_INDEX_URL): programs may import its packages (numpy …). Off when absent. */
  packageIndexUrl?: string;
  /** Where downloaded packages are cached. */
  packageCacheDir?: string;
  /** The cap on a thread's JavaScript heap (Python's own memory is `limits.memoryMb`). Default 256. */
  heapMb?: number;
  /** How long Pyodide may take to start before the run fails. Default 60 s. */
  startTimeoutMs?: number;
}

export interface PythonSandbox {
  /** Runs one program in a fresh interpreter. Rejects only for a bad request (a file name): what the program does is in the result. */
  runPython(run: PythonRun, signal?: AbortSignal): Promise<PythonRunResult>;
  /** Stops the warm threads. */
  close(): Promise<void>;
}

/**
 * Python (CPython in WebAssembly, from the `pyodide` package, offline) in worker threads. Every run
 * gets an interpreter of its own that is thrown away after it — programs of different users never
 * share state — and the pool keeps the next one loaded (from a start-up memory image made once, so
 * a replacement is ready in about half a second). The wall-clock limit and the abort signal
 * terminate the thread, whatever the program is doing.
 */
export function createPythonSandbox(options: PythonSandboxOptions = {}): PythonSandbox {
  const defaults: SandboxLimits = { ...defaultSandboxLimits, ...options.limits };
  const warmCount = options.warmWorkers ?? 1;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const settings: ThreadSettings = { packageIndexUrl: options.packageIndexUrl, packageCacheDir: options.packageCacheDir, heapMb: options.heapMb ?? 256 };
  const snapshot = makeSnapshot(settings);
  const pool: Array<Promise<Worker>> = [];
  let closed = false;

  function startThread(): Promise<Worker> {
    const thread = startPythonThread(settings, snapshot);
    // Nobody may be waiting yet; a failed start is reported by the run that takes this thread.
    thread.catch(() => undefined);
    return thread;
  }

  function refill(): void {
    while (!closed && pool.length < warmCount) pool.push(startThread());
  }

  async function runPython(run: PythonRun, signal?: AbortSignal): Promise<PythonRunResult> {
    if (closed) throw new Error('the Python sandbox is closed');
    const limits: SandboxLimits = { ...defaults, ...run.limits };
    const files = (run.files ?? []).map((file) => ({ name: checkInputFileName(file.name), bytes: new Uint8Array(file.bytes) }));
    const output = createOutputCollector(limits.outputBytes);
    if (signal?.aborted) return output.finish({ error: 'The run was stopped.', timedOut: false, files: [] });
    const thread = pool.shift() ?? startThread();
    try {
      const worker = await waitFor(thread, startTimeoutMs, signal);
      worker.ref();
      return await new Promise<PythonRunResult>((resolve) => {
        const settle = (outcome: Parameters<typeof output.finish>[0]) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(output.finish(outcome));
        };
        const stop = (error: string, timedOut: boolean) => {
          void worker.terminate();
          settle({ error, timedOut, files: [] });
        };
        const timer = setTimeout(() => stop(`The code ran longer than ${limits.wallClockMs / 1000} s and was stopped.`, true), limits.wallClockMs);
        const onAbort = () => stop('The run was stopped.', false);
        signal?.addEventListener('abort', onAbort, { once: true });
        worker.on('message', (message: WorkerMessage) => {
          if (message.type === 'output') output.add(message.stream, message.bytes, message.dropped);
          if (message.type === 'done') {
            const written = message.files.map((file) => ({ ...file, mimeType: outputMimeType(file) }));
            settle({ result: message.result, error: message.error, timedOut: false, files: written });
          }
        });
        worker.once('error', (error) => settle({ error: describeThreadError(error), timedOut: false, files: [] }));
        worker.once('exit', (code) => settle({ error: `The Python thread stopped (exit code ${code}).`, timedOut: false, files: [] }));
        worker.postMessage({ code: run.code, files, limits }, files.map((file) => file.bytes.buffer));
      });
    } catch (error) {
      return output.finish({ error: error instanceof Error ? error.message : String(error), timedOut: false, files: [] });
    } finally {
      // One program per interpreter: the used thread goes (also one that is still starting), a fresh one warms up.
      thread.then((worker) => worker.terminate(), () => undefined);
      refill();
    }
  }

  refill();
  return {
    runPython,
    async close() {
      closed = true;
      await Promise.all(pool.splice(0).map((thread) => thread.then((worker) => worker.terminate(), () => undefined)));
    },
  };
}

function describeThreadError(error: Error): string {
  if ('code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'The code used more memory than allowed and was stopped.';
  return `The Python thread failed: ${error.message}`;
}

/** Waits for a thread to start, failing at the start timeout or when the signal fires. */
function waitFor(thread: Promise<Worker>, timeoutMs: number, signal: AbortSignal | undefined): Promise<Worker> {
  return new Promise<Worker>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new Error('Python did not start in time.'))), timeoutMs);
    const onAbort = () => finish(() => reject(new Error('The run was stopped.')));
    signal?.addEventListener('abort', onAbort, { once: true });
    function finish(then: () => void) {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      then();
    }
    thread.then((worker) => finish(() => resolve(worker)), (error: unknown) => finish(() => reject(error)));
  });
}
