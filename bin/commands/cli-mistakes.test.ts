import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli, startServe, type CliResult } from '../../testing/run-cli.js';

// Each case is a fresh Node process; on a loaded two-core machine several of them outlast the default limit.
vi.setConfig({ testTimeout: 90_000 });

let cwd: string;
const cleanups: Array<() => void> = [];
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'chatbox-mistakes-'));
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  rmSync(cwd, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli(args, { cwd });
const serve = (...args: string[]) => runCli(['serve', '--port', '0', '--host', '127.0.0.1', ...args], { cwd, env: { LOG_FORMAT: 'json' } });

/** Exit code 1 and exactly one line on stderr: the one given. No stack trace, nothing else. */
function expectOneLine(result: CliResult, line: string): void {
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([line]);
}

/**
 * A directory nobody may write to, root included (the tests may run as root): immutable when we are
 * root and chattr works, else read-only by mode for an ordinary user.
 */
function unwritableDirectory(): string {
  const directory = join(cwd, 'locked');
  mkdirSync(directory);
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', directory]);
    cleanups.unshift(() => execFileSync('chattr', ['-i', directory]));
  } else {
    execFileSync('chmod', ['0500', directory]);
  }
  return directory;
}

describe('chatbox serve: mistakes in where and how to listen', () => {
  let blocker: Server | undefined;
  afterEach(() => blocker?.close());

  it('names a port in use', async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker!.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const result = await runCli(['serve', '--port', String(port), '--host', '127.0.0.1'], { cwd, env: { LOG_FORMAT: 'json' } });
    expectOneLine(result, `error: port ${port} on 127.0.0.1 is already in use; stop what uses it or choose another --port`);
    // The failed start let go of its data dir: the next server may have it.
    expect(existsSync(join(cwd, 'data', 'chatbox.pid'))).toBe(false);
  });

  it('names a host that does not resolve, before creating anything', async () => {
    const result = await runCli(['serve', '--port', '0', '--host', 'no-such-host.invalid'], { cwd });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: --host no-such-host\.invalid does not resolve to an address \((ENOTFOUND|EAI_AGAIN)\)\n$/);
    expect(result.stdout).toBe('');
    expect(existsSync(join(cwd, 'data'))).toBe(false);
  });

  it('refuses a data dir that is a file, or under a file', async () => {
    writeFileSync(join(cwd, 'notes.txt'), 'not a directory');
    expectOneLine(await serve('--data-dir', 'notes.txt'), 'error: data dir notes.txt is a file, not a directory');
    expectOneLine(await serve('--data-dir', 'notes.txt/data'), `error: cannot create data dir notes.txt/data: ${join(cwd, 'notes.txt')} is a file, not a directory`);
  });

  it('refuses a data dir it cannot write to', async () => {
    const locked = unwritableDirectory();
    const result = await serve('--data-dir', locked);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^error: data dir ${locked} is not writable \\((permission denied, EACCES|operation not permitted, EPERM)\\)\\n$`));
  });

  it('fails at once on a data dir under /proc (it used to hang without listening)', async () => {
    expectOneLine(await serve('--data-dir', '/proc/chatbox-data'), 'error: cannot create data dir /proc/chatbox-data (this file system does not accept new files there, ENOENT)');
    expectOneLine(await serve('--data-dir', '/proc/sys'), 'error: data dir /proc/sys is not writable (this file system does not accept new files there, ENOENT)');
  });
});

describe('chatbox serve: one server per SQLite data dir', () => {
  it('refuses a second server naming the first one’s PID, and keeps every file owner-only', async () => {
    const first = await startServe({ cwd });
    try {
      expect(readFileSync(join(cwd, 'data', 'chatbox.pid'), 'utf8').trim()).toBe(String(first.process.pid));
      expectOneLine(await serve(), `error: another chatbox server (PID ${first.process.pid}) is using the data dir ./data; stop it first or give this one its own --data-dir`);
      // A write, so SQLite has its -wal and -shm files open.
      const registered = await fetch(`${first.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', name: 'Owner', username: '', password: 'password123', confirm_password: 'password123' }),
      });
      expect(registered.status).toBeLessThan(300);
      for (const name of ['chatbox.sqlite', 'chatbox.sqlite-wal', 'chatbox.sqlite-shm', 'secrets.json', 'chatbox.pid']) {
        expect({ name, mode: statSync(join(cwd, 'data', name)).mode & 0o777 }).toEqual({ name, mode: 0o600 });
      }
      expect(statSync(join(cwd, 'data')).mode & 0o777).toBe(0o700);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(existsSync(join(cwd, 'data', 'chatbox.pid'))).toBe(false);
  });

  it('takes over the lock of a server that died', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('close', resolve));
    mkdirSync(join(cwd, 'data'));
    writeFileSync(join(cwd, 'data', 'chatbox.pid'), `${dead.pid}\n`);
    const server = await startServe({ cwd });
    expect(readFileSync(join(cwd, 'data', 'chatbox.pid'), 'utf8').trim()).toBe(String(server.process.pid));
    expect(await server.stop()).toBe(0);
  });
});
