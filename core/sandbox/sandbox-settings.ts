import { join } from 'node:path';
import type { ServerEnv } from '../../config/env.js';
import type { PythonSandboxOptions } from './python-sandbox.js';

/** The sandbox the environment asks for (CODE_INTERPRETER_*, CHATBOX_PYODIDE_INDEX_URL); packages are cached in the data directory. */
export function sandboxOptionsFromEnv(env: ServerEnv, dataDir: string): PythonSandboxOptions {
  return {
    warmWorkers: env.CODE_INTERPRETER_WARM_WORKERS,
    maxRunning: Math.max(1, env.CODE_INTERPRETER_MAX_RUNNING),
    limits: { wallClockMs: env.CODE_INTERPRETER_TIMEOUT_MS, memoryMb: env.CODE_INTERPRETER_MEMORY_MB, outputBytes: env.CODE_INTERPRETER_OUTPUT_BYTES },
    ...(env.CHATBOX_PYODIDE_INDEX_URL && { packageIndexUrl: env.CHATBOX_PYODIDE_INDEX_URL, packageCacheDir: join(dataDir, 'pyodide-packages') }),
  };
}
