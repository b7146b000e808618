import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../core/auth/passwords.js';
import { createSqliteStore } from '../../core/store/sqlite/index.js';
import { runCli, startServe } from '../../testing/run-cli.js';

// Each command is a fresh Node process (about half a second on an idle machine); on a loaded
// two-core CI machine a test of several commands takes much longer than the default limit.
vi.setConfig({ testTimeout: 90_000 });

let cwd: string;
beforeEach(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'chatbox-cli-'));
  // Admin commands work on an existing installation only (see cli-mistakes.test.ts).
  mkdirSync(join(cwd, 'data'));
  await openStore().close();
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args, { cwd });
const openStore = () => createSqliteStore({ filename: join(cwd, 'data', 'chatbox.sqlite') });

describe('chatbox user', () => {
  it('creates, lists, refuses duplicates and unknown emails, and deletes with --yes', async () => {
    const created = await cli('user', 'create', '--email', 'Admin@Example.com', '--name', 'Ada Admin', '--password', 'password123');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created admin@example\.com \(administrator/);

    const duplicate = await cli('user', 'create', '--email', 'admin@example.com', '--name', 'Again', '--password', 'password123');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');

    const invalid = await cli('user', 'create', '--email', 'bob@example.com', '--name', 'Bob', '--password', 'short');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('Password must be at least 8 characters');

    const list = await cli('user', 'list', '--json');
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ email: 'admin@example.com', name: 'Ada Admin', role: 'ADMIN' })]);
    expect(list.stdout).not.toContain('passwordHash');

    const unknown = await cli('user', 'delete', '--email', 'ghost@example.com', '--yes');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no user with the email ghost@example.com');

    const unconfirmed = await cli('user', 'delete', '--email', 'admin@example.com');
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('--yes');

    const seeded = openStore();
    const admin = (await seeded.users.findByEmail('admin@example.com'))!;
    await seeded.keys.upsert({ userId: admin.id, name: 'openAI', value: 'encrypted', expiresAt: null });
    await seeded.pluginAuths.upsert({ userId: admin.id, pluginKey: 'wolfram', authField: 'WOLFRAM_APP_ID', value: 'encrypted' });
    await seeded.close();
    expect((await cli('user', 'delete', '--email', 'admin@example.com', '--yes')).code).toBe(0);
    expect(JSON.parse((await cli('user', 'list', '--json')).stdout)).toEqual([]);
    // Everything the account owned went with it: provider keys and tool credentials too.
    const after = openStore();
    expect(after.database.prepare('SELECT COUNT(*) AS rows FROM plugin_auths').get()).toEqual({ rows: 0 });
    expect(after.database.prepare('SELECT COUNT(*) AS rows FROM user_keys').get()).toEqual({ rows: 0 });
    await after.close();
  });

  it('asks for the missing flag by name when there is no terminal', async () => {
    const result = await cli('user', 'create', '--email', 'a@example.com', '--name', 'Someone');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--password is required');
  });

  it('generates a password that works', async () => {
    const result = await cli('user', 'create', '--email', 'gen@example.com', '--name', 'Generated', '--generate-password');
    const password = result.stdout.match(/Password: (\S+)/)![1];
    const store = openStore();
    expect(await verifyPassword(password, (await store.users.findByEmail('gen@example.com'))!.passwordHash)).toBe(true);
    await store.close();
  });

  it('resets a password, bans and unbans', async () => {
    await cli('user', 'create', '--email', 'user@example.com', '--name', 'User One', '--password', 'first-password');
    expect((await cli('user', 'reset-password', '--email', 'user@example.com', '--password', 'second-password')).code).toBe(0);
    const banned = await cli('user', 'ban', '--email', 'user@example.com', '--minutes', '30');
    expect(banned.stdout).toMatch(/Banned user@example\.com until/);

    let store = openStore();
    const user = (await store.users.findByEmail('user@example.com'))!;
    expect(await verifyPassword('second-password', user.passwordHash)).toBe(true);
    const ban = await store.bans.find(`user:${user.id}`, new Date());
    expect(ban!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60000);
    await store.close();

    expect((await cli('user', 'unban', '--email', 'user@example.com')).stdout).toContain('Unbanned user@example.com');
    store = openStore();
    expect(await store.bans.find(`user:${user.id}`, new Date())).toBeNull();
    await store.close();
  });
});

describe('chatbox keys and balance', () => {
  it('revokes one key or all, and needs exactly one of --endpoint / --all', async () => {
    await cli('user', 'create', '--email', 'keys@example.com', '--name', 'Key Holder', '--password', 'password123');
    let store = openStore();
    const user = (await store.users.findByEmail('keys@example.com'))!;
    for (const name of ['openAI', 'anthropic', 'google']) await store.keys.upsert({ userId: user.id, name, value: 'encrypted', expiresAt: null });
    await store.close();

    expect((await cli('keys', 'revoke', '--email', 'keys@example.com')).stderr).toContain('--endpoint <name> or --all is required');
    expect((await cli('keys', 'revoke', '--email', 'keys@example.com', '--endpoint', 'openAI', '--all')).stderr).toContain('exactly one of --endpoint');
    expect((await cli('keys', 'revoke', '--email', 'keys@example.com', '--endpoint', 'openAI')).code).toBe(0);
    expect((await cli('keys', 'revoke', '--email', 'keys@example.com', '--endpoint', 'openAI')).stderr).toContain('has no saved key for openAI');
    expect((await cli('keys', 'revoke', '--email', 'keys@example.com', '--all')).stdout).toContain('Revoked 2 key(s)');
    store = openStore();
    expect(await store.keys.list(user.id)).toEqual([]);
    await store.close();
  });

  it('adds credits and shows balances', async () => {
    await cli('user', 'create', '--email', 'rich@example.com', '--name', 'Rich User', '--password', 'password123');
    expect((await cli('balance', 'add', '--email', 'rich@example.com', '--amount', '5000')).stdout).toContain('balance is now 5000');
    expect((await cli('balance', 'add', '--email', 'rich@example.com', '--amount', '250')).stdout).toContain('balance is now 5250');
    expect((await cli('balance', 'show', '--email', 'rich@example.com')).stdout).toContain('rich@example.com: 5250');
    expect((await cli('balance', 'add', '--email', 'rich@example.com', '--amount', 'lots')).code).toBe(1);
    expect((await cli('balance', 'show', '--email', 'nobody@example.com')).code).toBe(1);
  });
});

describe('chatbox serve', () => {
  it('starts with no configuration, generates secrets once (0600), logs JSON lines and stops on SIGTERM', async () => {
    const server = await startServe({ cwd });
    const health = await fetch(`${server.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const secrets = statSync(join(cwd, 'data', 'secrets.json'));
    expect(secrets.mode & 0o777).toBe(0o600);
    const lines = server.output().trim().split('\n');
    expect(lines.every((line) => JSON.parse(line).msg !== undefined)).toBe(true);
    expect(server.output()).toMatch(/generated/i);
    expect(await server.stop()).toBe(0);
  });

  it('reads flags from the environment and a .env file', async () => {
    writeFileSync(join(cwd, '.env'), 'APP_TITLE=Dotenv Chat\nCHATBOX_DATA_DIR=./elsewhere\n');
    const server = await startServe({ cwd });
    expect((await (await fetch(`${server.url}/api/config`)).json()).appTitle).toBe('Dotenv Chat');
    expect(statSync(join(cwd, 'elsewhere', 'chatbox.sqlite')).isFile()).toBe(true);
    await server.stop();
  });

  it('refuses a bad port and an invalid librechat.yaml with the yaml path', async () => {
    const badPort = await cli('serve', '--port', 'eighty');
    expect(badPort.code).toBe(1);
    expect(badPort.stderr).toContain('--port must be a number');
    writeFileSync(join(cwd, 'librechat.yaml'), 'version: 1.0.6\nregistration:\n  socialLogins: github\n');
    const badConfig = await cli('serve', '--port', '0');
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toContain('registration.socialLogins');
  });
});
