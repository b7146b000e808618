import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pythonProcessSource } from './python-process-source.js';
import type { SandboxFile } from './sandbox-types.js';

/** What the processes send (see python-process-source.ts). */
export type ProcessMessage =
  | { type: 'snapshot'; bytes: Uint8Array }
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'output'; stream: 'stdout' | 'stderr'; bytes?: Uint8Array; dropped?: number }
  | { type: 'done'; result?: string; error?: string; files: SandboxFile[] };

export interface ProcessSettings {
  packageIndexUrl?: string;
  packageCacheDir?: string;
  /** The cap on the process's JavaScript heap. */
  heapMb: number;
}

const require = createRequire(import.meta.url);
const pyodideDirectory = dirname(require.resolve('pyodide/package.json'));
// Pyodide imports `ws` when it starts (Emscripten's sockets, which the lockdown then disables).
const wsDirectory = dirname(createRequire(join(pyodideDirectory, 'package.json')).resolve('ws/package.json'));
const permissionFlag = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';

/**
 * Node's permission model is the floor under the lockdown: the process may read Pyodide's files and
 * nothing else of the host (the package cache too, and write it, when an index is configured), and
 * may start no process, thread or native addon, whatever a program finds its way to.
 */
function nodeArguments(settings: ProcessSettings): string[] {
  const readable = [pyodideDirectory, wsDirectory, ...(settings.packageCacheDir ? [settings.packageCacheDir] : [])];
  return [
    permissionFlag,
    ...readable.map((directory) => `--allow-fs-read=${join(directory, '*')}`),
    ...(settings.packageCacheDir ? [`--allow-fs-write=${join(settings.packageCacheDir, '*')}`] : []),
    `--max-old-space-size=${settings.heapMb}`,
    '--no-warnings',
    '--input-type=commonjs',
    '-e',
    pythonProcessSource,
  ];
}

function spawnPython(settings: ProcessSettings, snapshot: Uint8Array | null, makeSnapshot = false): ChildProcess {
  // An empty environment: the server's secrets are not the program's business. Its output goes
  // through the IPC channel only.
  const child = spawn(process.execPath, nodeArguments(settings), { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced', env: {} });
  child.unref();
  child.channel?.unref();
  child.send({
    settings: {
      pyodideModule: pathToFileURL(join(pyodideDirectory, 'pyodide.mjs')).href,
      pyodideDirectory: pyodideDirectory + '/',
      packageIndexUrl: settings.packageIndexUrl,
      packageCacheDir: settings.packageCacheDir,
      makeSnapshot,
    },
    snapshot,
  });
  return child;
}

/** Resolves with the first message `accept` returns a value for; rejects when the process fails or exits first. */
function awaitMessage<T>(child: ChildProcess, accept: (message: ProcessMessage) => T | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (message: ProcessMessage) => {
      if (message.type === 'failed') return finish(() => reject(new Error(`Python could not start: ${message.error}`)));
      const value = accept(message);
      if (value !== undefined) finish(() => resolve(value));
    };
    const onError = (error: Error) => finish(() => reject(error));
    const onExit = (code: number | null, signal: string | null) => finish(() => reject(new Error(`the Python process exited (${signal ?? `code ${code}`})`)));
    function finish(then: () => void) {
      child.off('message', onMessage);
      child.off('error', onError);
      child.off('exit', onExit);
      child.unref();
      child.channel?.unref();
      then();
    }
    // While someone waits on it, the process keeps the program alive (a script with nothing else to
    // do would otherwise exit mid-start, code 13); idle in the pool, it does not.
    child.ref();
    child.channel?.ref();
    child.on('message', onMessage);
    child.on('error', onError);
    child.on('exit', onExit);
  });
}

/** Kills the process when the signal fires (the sandbox closing), even while it still starts. */
function killOnAbort(child: ChildProcess, signal: AbortSignal): () => void {
  const kill = () => child.kill('SIGKILL');
  const forget = () => signal.removeEventListener('abort', kill);
  if (signal.aborted) kill();
  else signal.addEventListener('abort', kill, { once: true });
  // The sandbox lives long and starts a process per run: listeners of gone processes must not pile up.
  child.once('exit', forget);
  return forget;
}

/**
 * Makes the start-up memory image once (a full Pyodide start, a few seconds). Null when it cannot
 * be made: processes then start the slow way.
 */
export async function makeSnapshot(settings: ProcessSettings, signal: AbortSignal): Promise<Uint8Array | null> {
  const child = spawnPython(settings, null, true);
  const forget = killOnAbort(child, signal);
  try {
    return await awaitMessage(child, (message) => (message.type === 'snapshot' ? message.bytes : undefined));
  } catch {
    return null;
  } finally {
    forget();
    child.kill('SIGKILL');
  }
}

/**
 * Starts a process and resolves with it once Pyodide is loaded and waiting for a program. The
 * signal (the sandbox closing) kills it at any point; so does the caller, once done with it.
 */
export async function startPythonProcess(settings: ProcessSettings, snapshot: Promise<Uint8Array | null>, signal: AbortSignal): Promise<ChildProcess> {
  const image = await snapshot;
  if (signal.aborted) throw new Error('the Python sandbox is closed');
  const child = spawnPython(settings, image);
  killOnAbort(child, signal);
  try {
    await awaitMessage(child, (message) => (message.type === 'ready' ? true : undefined));
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}
