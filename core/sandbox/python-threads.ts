import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { pythonWorkerSource } from './python-worker.js';
import type { SandboxFile } from './sandbox-types.js';

/** What the threads post (see python-worker.ts). */
export type WorkerMessage =
  | { type: 'snapshot'; bytes: Uint8Array }
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'output'; stream: 'stdout' | 'stderr'; bytes?: Uint8Array; dropped?: number }
  | { type: 'done'; result?: string; error?: string; files: SandboxFile[] };

export interface ThreadSettings {
  packageIndexUrl?: string;
  packageCacheDir?: string;
  heapMb: number;
}

const pyodideDirectory = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));

function spawn(settings: ThreadSettings, extra: { makeSnapshot?: boolean; snapshot?: SharedArrayBuffer }): Worker {
  const worker = new Worker(pythonWorkerSource, {
    eval: true,
    // An empty environment: the server's secrets are not the program's business.
    env: {},
    resourceLimits: { maxOldGenerationSizeMb: settings.heapMb },
    workerData: {
      pyodideModule: pathToFileURL(join(pyodideDirectory, 'pyodide.mjs')).href,
      pyodideDirectory: pyodideDirectory + '/',
      packageIndexUrl: settings.packageIndexUrl,
      packageCacheDir: settings.packageCacheDir,
      ...extra,
    },
  });
  worker.unref();
  return worker;
}

/** Resolves with the first message `accept` returns a value for; rejects when the thread fails or exits first. */
function awaitMessage<T>(worker: Worker, accept: (message: WorkerMessage) => T | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'failed') return finish(() => reject(new Error(`Python could not start: ${message.error}`)));
      const value = accept(message);
      if (value !== undefined) finish(() => resolve(value));
    };
    const onError = (error: Error) => finish(() => reject(error));
    const onExit = (code: number) => finish(() => reject(new Error(`the Python thread exited with code ${code}`)));
    function finish(then: () => void) {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      then();
    }
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

/**
 * Makes the start-up memory image once (a full Pyodide start, a few seconds), kept in shared memory
 * so every thread reads the same bytes. Null when it cannot be made: threads then start the slow way.
 */
export async function makeSnapshot(settings: ThreadSettings): Promise<SharedArrayBuffer | null> {
  const worker = spawn(settings, { makeSnapshot: true });
  try {
    const bytes = await awaitMessage(worker, (message) => (message.type === 'snapshot' ? message.bytes : undefined));
    const shared = new SharedArrayBuffer(bytes.byteLength);
    new Uint8Array(shared).set(bytes);
    return shared;
  } catch {
    return null;
  } finally {
    void worker.terminate();
  }
}

/** Starts a thread and resolves with it once Pyodide is loaded and waiting for a program. */
export async function startPythonThread(settings: ThreadSettings, snapshot: Promise<SharedArrayBuffer | null>): Promise<Worker> {
  const image = await snapshot;
  const worker = spawn(settings, image ? { snapshot: image } : {});
  try {
    await awaitMessage(worker, (message) => (message.type === 'ready' ? true : undefined));
  } catch (error) {
    void worker.terminate();
    throw error;
  }
  return worker;
}
