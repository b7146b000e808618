import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { envSchema } from '../../config/env.js';
import { createPythonSandbox, type PythonSandbox } from './python-sandbox.js';
import { sandboxOptionsFromEnv } from './sandbox-settings.js';

// A package index that has nothing: what matters here is that packages are asked of it (not of a
// CDN) only when it is configured, and that a missing package is a clear error, not a hang.
let index: Server;
const requested: string[] = [];
let sandbox: PythonSandbox;
const dataDir = mkdtempSync(join(tmpdir(), 'chatbox-pyodide-'));
beforeAll(async () => {
  index = createServer((request, response) => {
    requested.push(request.url ?? '');
    response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => index.listen(0, '127.0.0.1', resolve));
  const address = index.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const env = envSchema.parse({ CHATBOX_PYODIDE_INDEX_URL: `http://127.0.0.1:${port}/pyodide/`, CODE_INTERPRETER_WARM_WORKERS: '0' });
  sandbox = createPythonSandbox(sandboxOptionsFromEnv(env, dataDir));
});
afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => index.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

it('fetches the packages a program imports from the configured index, and reports one it cannot get', async () => {
  const run = await sandbox.runPython({ code: 'import numpy\nprint(numpy.__version__)' });
  expect(requested.some((url) => /^\/pyodide\/numpy-.+\.whl$/.test(url))).toBe(true);
  expect(run.stdout).toBe('');
  expect(run.error).toContain("ModuleNotFoundError: No module named 'numpy'");
  expect(run.timedOut).toBe(false);
}, 60_000);

it('reads its settings from the environment: no index and the documented defaults when nothing is set', () => {
  expect(sandboxOptionsFromEnv(envSchema.parse({}), dataDir)).toEqual({ warmWorkers: 1, maxRunning: 2, limits: { wallClockMs: 30_000, memoryMb: 512, outputBytes: 65_536 } });
  expect(() => envSchema.parse({ CHATBOX_PYODIDE_INDEX_URL: 'ftp://mirror' })).toThrow(/expected an http\(s\) URL/);
});
