import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSqliteStore } from '../../core/store/sqlite/index.js';
import { runCli } from '../../testing/run-cli.js';

// Each command is a fresh Node process; on a loaded two-core machine that takes seconds.
vi.setConfig({ testTimeout: 90_000 });

let cwd: string;
beforeEach(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'chatbox-start-balance-'));
  // Admin commands work on an existing installation only.
  mkdirSync(join(cwd, 'data'));
  await createSqliteStore({ filename: join(cwd, 'data', 'chatbox.sqlite') }).close();
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

describe('chatbox user create and START_BALANCE', () => {
  it('gives the new account its starting credits when balances are on, and none when they are off', async () => {
    const withBalance = { CHECK_BALANCE: 'true', START_BALANCE: '300' };
    const created = await runCli(['user', 'create', '--email', 'new@example.com', '--name', 'New User', '--password', 'password123'], { cwd, env: withBalance });
    expect(created.code).toBe(0);
    expect((await runCli(['balance', 'show', '--email', 'new@example.com'], { cwd, env: withBalance })).stdout).toContain('new@example.com: 300');

    await runCli(['user', 'create', '--email', 'off@example.com', '--name', 'Off User', '--password', 'password123'], { cwd, env: { START_BALANCE: '300' } });
    expect((await runCli(['balance', 'show', '--email', 'off@example.com'], { cwd })).stdout).toContain('off@example.com: 0');
  });
});
