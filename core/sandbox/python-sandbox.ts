import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { pythonWorkerSource } from './python-worker.js';
import { outputMimeType, checkInputFileName } from './sandbox-files.js';
import { createOutputCollector } from './output-collector.js';
import { defaultSandboxLimits, type PythonRun, type PythonRunResult, type SandboxFile, type SandboxLimits } from './sandbox-types.js';

export interface PythonSandboxOptions {
  /** Threads kept with Pyodide loaded, ready for the next run (loading takes a few seconds). Default 1. */
  warmWorkers?: number;
  /** Defaults for the runs' limits. */
  limits?: Partial<SandboxLimits>;
  /** A Pyodide package index (CHATBOX_PYODIDE_INDEX_URL): programs may import its packages (numpy …). Off when absent. */
  packageIndexUrl?: string;
  /** Where downloaded packages are cached. */
  packageCacheDir?: string;
  /** The cap on the thread's JavaScript heap (Python's own memory is `limits.memoryMb`). Default 256. */
  heapMb?: number;
  /** How long Pyodide may take to start before the run fails. Default 60 s. */
  startTimeoutMs?: number;
}

export interface PythonSandbox {
  /** Runs one program in a fresh interpreter. Never rejects for what the program does: failures are in `error`. */
  runPython(run: PythonRun, signal?: AbortSignal): Promise<PythonRunResult>;
  /** Stops the warm threads. */
  close(): Promise<void>;
}

interface WarmWorker {
  worker: Worker;
  ready: Promise<void>;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'output'; stream: 'stdout' | 'stderr'; bytes?: Uint8Array; dropped?: number }
  | { type: 'done'; result?: string; error?: string; files: SandboxFile[] };

const pyodideDirectory = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));

/**
 * Python (CPython in WebAssembly, from the `pyodide` package, offline) in worker threads. Every run
 * gets an interpreter of its own that is thrown away after it — programs of different users never
 * share state — and the pool keeps the next one loaded. The wall-clock limit and the abort signal
 * terminate the thread, whatever the program is doing.
 */
export function createPythonSandbox(options: PythonSandboxOptions = {}): PythonSandbox {
  const defaults: SandboxLimits = { ...defaultSandboxLimits, ...options.limits };
  const warmCount = options.warmWorkers ?? 1;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const pool: WarmWorker[] = [];
  let closed = false;

  function startWorker(): WarmWorker {
    const worker = new Worker(pythonWorkerSource, {
      eval: true,
      // An empty environment: the server's secrets are not the program's business.
      env: {},
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 256 },
      workerData: {
        pyodideModule: pathToFileURL(join(pyodideDirectory, 'pyodide.mjs')).href,
        pyodideDirectory: pyodideDirectory + '/',
        packageIndexUrl: options.packageIndexUrl,
        packageCacheDir: options.packageCacheDir,
      },
    });
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: WorkerMessage) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(new Error(`Python could not start: ${message.error}`));
        else return;
        worker.off('message', onMessage);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the Python thread exited with code ${code}`)));
    });
    // Nobody may be waiting yet; a failed start is reported by the run that takes this worker.
    ready.catch(() => undefined);
    return { worker, ready };
  }

  function refill(): void {
    while (!closed && pool.length < warmCount) pool.push(startWorker());
  }

  function take(): WarmWorker {
    return pool.shift() ?? startWorker();
  }

  async function runPython(run: PythonRun, signal?: AbortSignal): Promise<PythonRunResult> {
    if (closed) throw new Error('the Python sandbox is closed');
    const limits: SandboxLimits = { ...defaults, ...run.limits };
    const files = (run.files ?? []).map((file) => ({ name: checkInputFileName(file.name), bytes: new Uint8Array(file.bytes) }));
    const output = createOutputCollector(limits.outputBytes);
    if (signal?.aborted) return output.finish({ error: 'The run was stopped before it started.', timedOut: false, files: [] });
    const { worker, ready } = take();
    try {
      await waitFor(ready, startTimeoutMs, signal, 'Python did not start in time.');
      worker.ref();
      return await new Promise<PythonRunResult>((resolve) => {
        const stop = (error: string, timedOut: boolean) => {
          void worker.terminate();
          settle(output.finish({ error, timedOut, files: [] }));
        };
        const timer = setTimeout(() => stop(`The code ran longer than ${limits.wallClockMs / 1000} s and was stopped.`, true), limits.wallClockMs);
        const onAbort = () => stop('The run was stopped.', false);
        signal?.addEventListener('abort', onAbort, { once: true });
        const settle = (result: PythonRunResult) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(result);
        };
        worker.on('message', (message: WorkerMessage) => {
          if (message.type === 'output') output.add(message.stream, message.bytes, message.dropped);
          if (message.type === 'done') {
            const written = message.files.map((file) => ({ ...file, mimeType: outputMimeType(file) }));
            settle(output.finish({ result: message.result, error: message.error, timedOut: false, files: written }));
          }
        });
        worker.once('error', (error) => settle(output.finish({ error: describeWorkerError(error), timedOut: false, files: [] })));
        worker.once('exit', (code) => settle(output.finish({ error: `The Python thread stopped (exit code ${code}).`, timedOut: false, files: [] })));
        worker.postMessage({ code: run.code, files, limits }, files.map((file) => file.bytes.buffer));
      });
    } catch (error) {
      return output.finish({ error: error instanceof Error ? error.message : String(error), timedOut: false, files: [] });
    } finally {
      // One program per interpreter: the used thread goes, a fresh one warms up.
      void worker.terminate();
      refill();
    }
  }

  refill();
  return {
    runPython,
    async close() {
      closed = true;
      await Promise.all(pool.splice(0).map(({ worker }) => worker.terminate()));
    },
  };
}

function describeWorkerError(error: Error): string {
  if ('code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'The code used more memory than allowed and was stopped.';
  return `The Python thread failed: ${error.message}`;
}

/** Waits for a promise, failing at a timeout or when the signal fires. */
function waitFor(promise: Promise<void>, timeoutMs: number, signal: AbortSignal | undefined, timeoutMessage: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new Error(timeoutMessage))), timeoutMs);
    const onAbort = () => finish(() => reject(new Error('The run was stopped.')));
    signal?.addEventListener('abort', onAbort, { once: true });
    function finish(then: () => void) {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      then();
    }
    promise.then(() => finish(resolve), (error: unknown) => finish(() => reject(error)));
  });
}
