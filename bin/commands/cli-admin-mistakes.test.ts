import { createServer, type Server } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../core/auth/passwords.js';
import { createSqliteStore } from '../../core/store/sqlite/index.js';
import { runCli, runCliInTerminal, type CliResult } from '../../testing/run-cli.js';

// Each case is a fresh Node process; on a loaded two-core machine several of them outlast the default limit.
vi.setConfig({ testTimeout: 90_000 });

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'chatbox-admin-'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args, { cwd });
const openStore = () => createSqliteStore({ filename: join(cwd, 'data', 'chatbox.sqlite') });

/** An installation as `chatbox serve` leaves it, with one account. */
async function installWithUser(email = 'ada@example.com'): Promise<void> {
  mkdirSync(join(cwd, 'data'));
  await openStore().close();
  const created = await cli('user', 'create', '--email', email, '--name', 'Ada', '--password', 'password123');
  expect(created.code).toBe(0);
}

function expectOneLine(result: CliResult, line: string): void {
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([line]);
}

describe('admin commands on a data dir without chatbox data', () => {
  it('refuse instead of creating a new installation', async () => {
    const refusal = 'error: no chatbox data in ./typo-data; `chatbox serve --data-dir ./typo-data` creates one';
    const commands = [
      ['user', 'create', '--email', 'new@example.com', '--name', 'New', '--password', 'password123'],
      ['user', 'list'],
      ['balance', 'show'],
      ['keys', 'revoke', '--email', 'new@example.com', '--all'],
      ['search', 'status'],
    ];
    for (const command of commands) expectOneLine(await cli(...command, '--data-dir', './typo-data'), refusal);
    expect(existsSync(join(cwd, 'typo-data'))).toBe(false);
    // The default data dir is named as the operator would type it.
    expectOneLine(await cli('user', 'list'), 'error: no chatbox data in ./data; `chatbox serve --data-dir ./data` creates one');
  });
});

describe('mistyped commands and contradicting flags', () => {
  it('names an unknown command and lists the commands', async () => {
    expectOneLine(await cli('frobnicate'), "error: unknown command 'frobnicate'; the commands are serve, config, user, keys, balance, migrate, files, search, status, import, export (chatbox help <command> for more)");
    const inGroup = await cli('user', 'frobnicate');
    expect(inGroup.code).toBe(1);
    expect(inGroup.stderr).toContain("error: unknown command 'frobnicate'");
    expect(inGroup.stderr).toMatch(/create \[options\][\s\S]*reset-password/);
  });

  it('refuses --password together with --generate-password', async () => {
    await installWithUser();
    const result = await cli('user', 'create', '--email', 'bob@example.com', '--name', 'Bob', '--password', 'password123', '--generate-password');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error: option '-p, --password <password>' cannot be used with option '--generate-password'");
    const store = openStore();
    expect(await store.users.findByEmail('bob@example.com')).toBeNull();
    await store.close();
  });

  it('takes credits away only with --allow-negative', async () => {
    await installWithUser();
    await cli('balance', 'add', '--email', 'ada@example.com', '--amount', '1000');
    expectOneLine(await cli('balance', 'add', '--email', 'ada@example.com', '--amount=-400'), 'error: --amount -400 is negative and would take credits away; add --allow-negative to do that');
    const taken = await cli('balance', 'add', '--email', 'ada@example.com', '--amount=-400', '--allow-negative');
    expect(taken.code).toBe(0);
    expect(taken.stdout).toContain('Took 400 credits from ada@example.com; balance is now 600');
  });

  it('reports a broken librechat.yaml once', async () => {
    await installWithUser();
    writeFileSync(join(cwd, 'librechat.yaml'), 'version: 1.0.6\nendpoints:\n  custom:\n    - name: "unclosed\n');
    for (const command of [['user', 'list'], ['serve', '--port', '0']]) {
      const result = await cli(...command);
      expect(result.code).toBe(1);
      expect(result.stderr.match(/Missing closing "quote/g)).toHaveLength(1);
      expect(result.stderr.match(/Invalid configuration/g)).toHaveLength(1);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('search status', () => {
  let closedPort: Server | undefined;
  afterEach(() => closedPort?.close());

  it('exits non-zero when Meilisearch does not answer', async () => {
    await installWithUser();
    // A port just freed: nothing listens there.
    closedPort = createServer();
    await new Promise<void>((resolve) => closedPort!.listen(0, '127.0.0.1', resolve));
    const address = closedPort.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise((resolve) => closedPort!.close(resolve));
    closedPort = undefined;
    const host = `http://127.0.0.1:${port}`;
    const result = await runCli(['search', 'status'], { cwd, env: { MEILI_HOST: host, MEILI_MASTER_KEY: 'master-key-of-sixteen' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Backend: Meilisearch\nAvailable: no');
    expect(result.stderr).toContain(`error: the Meilisearch search backend does not answer at ${host}`);

    const embedded = await cli('search', 'status');
    expect(embedded.code).toBe(0);
    expect(embedded.stdout).toBe('Backend: embedded (SQLite FTS5)\nAvailable: yes\n');
  });
});

describe('prompts on a terminal for every missing flag', () => {
  it('asks user create for each value, hiding the password', async () => {
    mkdirSync(join(cwd, 'data'));
    await openStore().close();
    const result = await runCliInTerminal(['user', 'create'], {
      cwd,
      answers: [
        { prompt: 'Email: ', answer: 'typed@example.com' },
        { prompt: 'Name: ', answer: 'Typed Name' },
        { prompt: 'Username (optional): ', answer: '' },
        { prompt: 'Password: ', answer: 'typed-password' },
      ],
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created typed@example.com (administrator');
    expect(result.stdout).not.toContain('typed-password');
    const store = openStore();
    expect(await verifyPassword('typed-password', (await store.users.findByEmail('typed@example.com'))!.passwordHash)).toBe(true);
    await store.close();
  });

  it('asks the other commands for --email and what else they miss', async () => {
    await installWithUser();
    const email = { prompt: 'Email: ', answer: 'ada@example.com' };
    const asked = async (args: string[], answers: Array<{ prompt: string; answer: string }>, expected: string) => {
      const result = await runCliInTerminal(args, { cwd, answers });
      expect({ args, code: result.code }).toEqual({ args, code: 0 });
      expect(result.stdout).toContain(expected);
    };
    await asked(['user', 'reset-password'], [email, { prompt: 'New password: ', answer: 'another-password' }], 'Password of ada@example.com changed');
    await asked(['user', 'ban', '--minutes', '5'], [email], 'Banned ada@example.com until');
    await asked(['user', 'unban'], [email], 'Unbanned ada@example.com');
    await asked(['balance', 'add', '--amount', '70'], [email], 'Added 70 credits to ada@example.com');
    await asked(['keys', 'revoke'], [email, { prompt: 'Endpoint whose key to delete (* for all): ', answer: '*' }], 'Revoked 0 key(s) of ada@example.com');
    await asked(['user', 'delete'], [email, { prompt: 'all their conversations, presets, keys, tool credentials, assistants and files? [y/N] ', answer: 'y' }], 'Deleted ada@example.com');

    // migrate asks where to copy to; this answer is no MongoDB URI, which it says.
    const migrate = await runCliInTerminal(['migrate'], { cwd, answers: [{ prompt: 'MongoDB connection string to copy into: ', answer: 'postgres://elsewhere' }] });
    expect(migrate.code).toBe(1);
    expect(migrate.stdout).toContain('--to must be a mongodb://');
  });
});
