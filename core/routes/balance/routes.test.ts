import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildTestServer, registerUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const balanceOf = (server: FastifyInstance, account: { token: string }) => server.inject({ method: 'GET', url: '/api/balance', headers: bearer(account) });

describe('GET /api/balance', () => {
  it('answers an empty body for a user with no balance record (as LibreChat does), then the number', async () => {
    app = await buildTestServer({ env: { CHECK_BALANCE: 'true' } });
    const account = await registerUser(app);
    const empty = await balanceOf(app, account);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('');

    await app.store.balances.record({ userId: account.userId, conversationId: null, tokenType: 'credits', model: null, context: 'admin', rawAmount: 1500.5, rate: 1, tokenValue: 1500.5 });
    const granted = await balanceOf(app, account);
    expect(granted.headers['content-type']).toMatch(/application\/json/);
    expect(granted.json()).toBe(1500.5);
  });

  it('needs a signed-in user', async () => {
    app = await buildTestServer();
    expect((await app.inject({ method: 'GET', url: '/api/balance' })).statusCode).toBe(401);
  });
});

describe('START_BALANCE', () => {
  it('gives every new account its starting credits when balances are on, recorded as a "startBalance" credit', async () => {
    app = await buildTestServer({ env: { CHECK_BALANCE: 'true', START_BALANCE: '20000' } });
    const first = await registerUser(app);
    const second = await registerUser(app);
    for (const account of [first, second]) expect((await balanceOf(app, account)).json()).toBe(20000);
    expect(await app.store.balances.listTransactions(second.userId, { offset: 0, limit: 10 })).toEqual([
      expect.objectContaining({ tokenType: 'credits', context: 'startBalance', rawAmount: 20000, tokenValue: 20000 }),
    ]);
  });

  it('grants nothing while balances are off', async () => {
    app = await buildTestServer({ env: { START_BALANCE: '20000' } });
    const account = await registerUser(app);
    expect((await balanceOf(app, account)).body).toBe('');
  });
});
