import type { PythonSandbox } from './python-sandbox.js';

/**
 * A sandbox made on its first run, not before: a server whose assistants never run code starts no
 * Python process. Closing one that never ran does nothing.
 */
export function createLazySandbox(create: () => PythonSandbox): PythonSandbox {
  let sandbox: PythonSandbox | undefined;
  let closed = false;
  return {
    runPython(run, signal) {
      if (closed) return Promise.reject(new Error('the Python sandbox is closed'));
      sandbox ??= create();
      return sandbox.runPython(run, signal);
    },
    async close() {
      closed = true;
      await sandbox?.close();
    },
  };
}
