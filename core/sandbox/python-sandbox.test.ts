import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingListener, type CountingListener } from '../../testing/counting-listener.js';
import { createPythonSandbox } from './python-sandbox.js';

// A secret of the server's environment, which no program may read.
process.env.CHATBOX_SANDBOX_TEST_SECRET = 'server-only';

// One sandbox for the file: each run still gets a fresh interpreter, the pool keeps the next one warm.
const sandbox = createPythonSandbox({ warmWorkers: 2, warmAtStart: true, limits: { wallClockMs: 10_000, memoryMb: 256 } });
afterAll(() => sandbox.close());

const text = (value: string) => new TextEncoder().encode(value);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the Python sandbox', () => {
  it('runs a computation and shows the last expression', async () => {
    const run = await sandbox.runPython({ code: 'print(sum(range(10)))\nvalue = [1, 2]\nvalue + [3]' });
    expect(run).toMatchObject({ stdout: '45\n', stderr: '', result: '[1, 2, 3]', timedOut: false, files: [] });
    expect(run.error).toBeUndefined();
  }, 60_000);

  it('reads input files under /mnt/data, which it cannot change in place', async () => {
    const run = await sandbox.runPython({
      code: [
        "print(open('/mnt/data/numbers.csv').read().strip())",
        'try:',
        "    open('/mnt/data/numbers.csv', 'w')",
        'except PermissionError:',
        "    print('read-only')",
      ].join('\n'),
      files: [{ name: 'numbers.csv', bytes: text('a,b\n1,2') }],
    });
    expect(run.stdout).toBe('a,b\n1,2\nread-only\n');
    expect(run.files).toEqual([]);
  });

  it('returns the files the program writes: a CSV and a PNG made by pure Python', async () => {
    const code = `
import struct, zlib
with open('report.csv', 'w') as f:
    f.write('x,y\\n1,4\\n')
def chunk(kind, data):
    body = kind + data
    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body))
rows = b''.join(b'\\x00' + bytes([255, 0, 0]) * 2 for _ in range(2))
png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 2, 2, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b'')
import os
os.makedirs('plots', exist_ok=True)
open('/mnt/data/plots/red.png', 'wb').write(png)
`;
    const run = await sandbox.runPython({ code });
    expect(run.error).toBeUndefined();
    const byName = Object.fromEntries(run.files.map((file) => [file.name, file]));
    expect(Object.keys(byName).sort()).toEqual(['plots/red.png', 'report.csv']);
    expect(byName['report.csv'].mimeType).toBe('text/csv');
    expect(decode(byName['report.csv'].bytes)).toBe('x,y\n1,4\n');
    expect(byName['plots/red.png'].mimeType).toBe('image/png');
    expect(byName['plots/red.png'].bytes.subarray(1, 4)).toEqual(text('PNG'));
  });

  it('follows no link out of /mnt/data and keeps at most 50 written files', async () => {
    const code = "import os\nos.symlink('/', 'root')\nos.symlink('.', 'loop')\nfor n in range(60):\n    open(f'{n}.txt', 'w').write(str(n))";
    const run = await sandbox.runPython({ code });
    expect(run.error).toBeUndefined();
    expect(run.files).toHaveLength(50);
    expect(run.files.every((file) => /^\d+\.txt$/.test(file.name))).toBe(true);
    expect(run.stderr).toBe('[only the first 50 files written under /mnt/data are kept]\n');
  });

  it('reports a Python exception with its traceback and what was printed before it', async () => {
    const run = await sandbox.runPython({ code: "print('before')\ndef divide():\n    return 1 / 0\ndivide()" });
    expect(run.stdout).toBe('before\n');
    expect(run.error).toContain('Traceback (most recent call last)');
    expect(run.error).toContain('line 3, in divide\n    return 1 / 0');
    expect(run.error).not.toContain('_pyodide');
    expect(run.error).toContain('ZeroDivisionError: division by zero');
    expect(run.timedOut).toBe(false);
  });

  it('reports sys.exit instead of ending the process', async () => {
    const run = await sandbox.runPython({ code: "import sys\nprint('bye')\nsys.exit(3)" });
    expect(run).toMatchObject({ stdout: 'bye\n', error: 'SystemExit: 3', timedOut: false });
  });

  it('stops an endless loop at the wall-clock limit, keeps its output, and the next run works', async () => {
    const started = Date.now();
    const run = await sandbox.runPython({ code: "print('looping', flush=True)\nwhile True:\n    pass", limits: { wallClockMs: 4_000 } });
    expect(run.timedOut).toBe(true);
    expect(run.error).toMatch(/longer than 4 s/);
    expect(run.stdout).toBe('looping\n');
    expect(Date.now() - started).toBeLessThan(15_000);
    const next = await sandbox.runPython({ code: '6 * 7' });
    expect(next).toMatchObject({ result: '42', timedOut: false });
  }, 60_000);

  it('refuses memory past the limit with MemoryError', async () => {
    const run = await sandbox.runPython({ code: 'blocks = []\nwhile True:\n    blocks.append(bytearray(10_000_000))', limits: { memoryMb: 128 } });
    expect(run.error).toContain('MemoryError');
    expect(run.timedOut).toBe(false);
  }, 60_000);

  it("survives a program that exhausts its process's JavaScript heap: only that process dies", async () => {
    // Copies of a large string on the JavaScript side overflow V8's heap, which may abort the whole
    // process it happens in (from a worker thread too: nodejs/node#47224), so it must be the sandbox's.
    const code = 'from pyodide.ffi import to_js\ntext = "x" * 150_000_000\ncopies = [to_js([text]) for _ in range(4)]';
    const run = await sandbox.runPython({ code, limits: { wallClockMs: 40_000 } });
    expect(run).toMatchObject({ error: 'The code used more memory than allowed and was stopped.', timedOut: false });
    expect((await sandbox.runPython({ code: '1 + 1' })).result).toBe('2');
  }, 90_000);

  it('caps the output with a note', async () => {
    const run = await sandbox.runPython({ code: "for _ in range(5000):\n    print('x' * 99)", limits: { outputBytes: 1_000 } });
    expect(run.stdout.startsWith('x'.repeat(99) + '\n')).toBe(true);
    expect(run.stdout).toContain('[output truncated: 499000 more bytes were not kept]');
    expect(run.error).toBeUndefined();
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const run = await sandbox.runPython({ code: 'import time\ntime.sleep(30)' }, controller.signal);
    expect(run).toMatchObject({ error: 'The run was stopped.', timedOut: false });
  }, 60_000);

  it('refuses input file names that are paths', async () => {
    await expect(sandbox.runPython({ code: '1', files: [{ name: '../escape', bytes: text('') }] })).rejects.toThrow(/cannot be a file name/);
  });
});

describe('the Python sandbox keeps the host out of reach', () => {
  let listener: CountingListener;
  beforeAll(async () => {
    listener = await startCountingListener();
  });
  afterAll(() => listener.close());

  it('refuses the network: urllib, sockets and pyodide.http', async () => {
    const code = `
import urllib.request, socket
for attempt in (
    lambda: urllib.request.urlopen('http://127.0.0.1:${listener.port}/').read(),
    lambda: socket.create_connection(('127.0.0.1', ${listener.port}), timeout=2),
    lambda: __import__('pyodide.http', fromlist=['open_url']).open_url('http://127.0.0.1:${listener.port}/'),
):
    try:
        print('reached', attempt())
    except BaseException as error:
        print('refused', type(error).__name__)
`;
    const run = await sandbox.runPython({ code });
    expect(run.stdout).not.toContain('reached');
    expect(run.stdout.match(/refused/g)).toHaveLength(3);
    expect(listener.connections()).toBe(0);
  });

  it("shows Pyodide's virtual file system, never the host's", async () => {
    const hostLine = readFileSync('/etc/passwd', 'utf8').split('\n')[0];
    const code = `
import os
print(os.path.exists('/etc/passwd'), os.path.exists('/work'), os.path.exists(${JSON.stringify(process.cwd())}))
try:
    print(open('/etc/passwd').read())
except OSError as error:
    print('refused', type(error).__name__)
`;
    const run = await sandbox.runPython({ code });
    expect(run.stdout).toContain('False False False');
    expect(run.stdout).toContain('refused FileNotFoundError');
    expect(run.stdout).not.toContain(hostLine);
  });

  it('leaves no way from Python to JavaScript code, host modules or mounts', async () => {
    const code = `
import sys
attempts = {
    'function': lambda: __import__('pyodide.ffi', fromlist=['to_js']).to_js([1]).constructor.constructor('return process')(),
    'async function': lambda: __import__('pyodide.code', fromlist=['run_js']).run_js('globalThis.process'),
    'pyodide_js mount': lambda: __import__('pyodide_js').mountNodeFS('/host', '/'),
    'binary file': lambda: __import__('pyodide_js')._api.loadBinaryFile('/etc/passwd'),
    'nodefs': lambda: __import__('pyodide_js').FS.mount(__import__('pyodide_js').FS.filesystems.NODEFS, {'root': '/'}, '/host'),
    'js globals': lambda: __import__('js').process.env,
    'environment': lambda: __import__('os').environ['CHATBOX_SANDBOX_TEST_SECRET'],
}
for name, attempt in attempts.items():
    try:
        print(name, 'reached', attempt())
    except BaseException as error:
        print(name, 'refused')
`;
    const run = await sandbox.runPython({ code });
    expect(run.stdout).not.toContain('reached');
    expect(run.stdout.match(/refused/g)).toHaveLength(7);
  });
});
