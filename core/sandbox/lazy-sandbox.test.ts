import { describe, expect, it } from 'vitest';
import { createLazySandbox } from './lazy-sandbox.js';
import type { PythonSandbox } from './python-sandbox.js';
import type { PythonRunResult } from './sandbox-types.js';

// A recording sandbox: what is checked here is when the wrapper makes and closes one, not Python.
function recorder() {
  const events: string[] = [];
  const create = (): PythonSandbox => {
    events.push('created');
    return {
      runPython: async (run): Promise<PythonRunResult> => (events.push(`ran ${run.code}`), { stdout: '', stderr: '', files: [], timedOut: false }),
      close: async () => void events.push('closed'),
    };
  };
  return { events, create };
}

describe('createLazySandbox', () => {
  it('makes the sandbox at the first run only, once, and closes it with the server', async () => {
    const { events, create } = recorder();
    const sandbox = createLazySandbox(create);
    expect(events).toEqual([]);
    await sandbox.runPython({ code: 'a' });
    await sandbox.runPython({ code: 'b' });
    await sandbox.close();
    expect(events).toEqual(['created', 'ran a', 'ran b', 'closed']);
    await expect(sandbox.runPython({ code: 'c' })).rejects.toThrow('the Python sandbox is closed');
  });

  it('closes without starting anything when no program ran', async () => {
    const { events, create } = recorder();
    const sandbox = createLazySandbox(create);
    await sandbox.close();
    await expect(sandbox.runPython({ code: 'a' })).rejects.toThrow('closed');
    expect(events).toEqual([]);
  });
});
