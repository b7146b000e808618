import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildTestServer, registerUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance | undefined;
let directory: string | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

function yamlFile(text: string): string {
  directory = mkdtempSync(path.join(tmpdir(), 'chatbox-balance-'));
  const file = path.join(directory, 'librechat.yaml');
  writeFileSync(file, text);
  return file;
}

const balanceOf = async (server: FastifyInstance, account: { token: string }) => (await server.inject({ url: '/api/balance', headers: bearer(account) })).body;

describe('librechat.yaml balance', () => {
  it('turns balances on and gives a new account balance.startBalance', async () => {
    app = await buildTestServer({ configPath: yamlFile('version: 1.2.1\nbalance:\n  enabled: true\n  startBalance: 300\n') });
    expect((await app.inject({ url: '/api/config' })).json().checkBalance).toBe(true);
    const user = await registerUser(app);
    expect(await balanceOf(app, user)).toBe('300');
  });

  it('wins over CHECK_BALANCE and START_BALANCE, key by key', async () => {
    app = await buildTestServer({ configPath: yamlFile('version: 1.2.1\nbalance:\n  startBalance: 42\n'), env: { CHECK_BALANCE: 'true', START_BALANCE: '1000' } });
    expect(await balanceOf(app, await registerUser(app))).toBe('42');
    await app.close();
    app = await buildTestServer({ configPath: yamlFile('version: 1.2.1\nbalance:\n  enabled: false\n'), env: { CHECK_BALANCE: 'true', START_BALANCE: '1000' } });
    expect((await app.inject({ url: '/api/config' })).json().checkBalance).toBe(false);
    // Balances off: no starting credits are recorded at all.
    const user = await registerUser(app);
    expect(await app.store.balances.listTransactions(user.userId, { offset: 0, limit: 10 })).toEqual([]);
  });
});
