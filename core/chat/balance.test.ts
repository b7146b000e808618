import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BalanceSettings } from '../../config/balance-settings.js';
import { ChatboxError } from '../errors/index.js';
import { createTestStore } from '../../testing/test-store.js';
import type { Store } from '../store/types.js';
import { AUTO_REFILL_CONTEXT, createBalance } from './balance.js';

const off: BalanceSettings = { enabled: false, startBalance: 0, autoRefill: null };
const on: BalanceSettings = { enabled: true, startBalance: 0, autoRefill: null };
const refilling: BalanceSettings = { enabled: true, startBalance: 0, autoRefill: { amount: 5_000, intervalValue: 30, intervalUnit: 'days' } };
const DAY = 24 * 60 * 60 * 1000;

let store: Store;
let userId: string;
let counted: number;
const countPrompt = (tokens: number) => () => {
  counted += 1;
  return tokens;
};
const failureOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

beforeEach(async () => {
  store = await createTestStore();
  const user = await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', emailVerified: true, avatar: null, provider: 'local', providerId: null, passwordHash: null, role: 'USER' });
  userId = user.id;
  counted = 0;
});
afterEach(async () => {
  vi.useRealTimers();
  await store.close();
});

describe('balance check before a request', () => {
  it('does not count the prompt when balances are off', async () => {
    await createBalance(store, off).assertCanAfford(userId, 'gpt-4o', countPrompt(1_000_000));
    expect(counted).toBe(0);
  });

  it('refuses a prompt that costs more than the balance, with the figures', async () => {
    const error = await failureOf(createBalance(store, on).assertCanAfford(userId, 'gpt-4o', countPrompt(10)));
    expect(error).toBeInstanceOf(ChatboxError);
    expect((error as ChatboxError).code).toBe('token_balance');
    expect(counted).toBe(1);
  });

  it('lets a prompt through that the balance covers', async () => {
    const balance = createBalance(store, on);
    await store.balances.record({ userId, conversationId: null, tokenType: 'credits', model: 'gpt-4o', context: 'admin', rawAmount: 1_000_000, rate: 1, tokenValue: 1_000_000 });
    await expect(balance.assertCanAfford(userId, 'gpt-4o', countPrompt(10))).resolves.toBeUndefined();
    expect(counted).toBe(1);
  });
});

describe('automatic refill (balance.autoRefillEnabled)', () => {
  const refills = async () => (await store.balances.listTransactions(userId, { offset: 0, limit: 50 })).filter((entry) => entry.context === AUTO_REFILL_CONTEXT);

  it('waits one interval from the account’s creation before the first refill', async () => {
    const error = await failureOf(createBalance(store, refilling).assertCanAfford(userId, 'gpt-4o', countPrompt(10)));
    expect((error as ChatboxError).code).toBe('token_balance');
    expect(await refills()).toEqual([]);
  });

  it('adds the amount once when the balance is too low and the interval has passed, then not again until the next interval', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * DAY);
    const balance = createBalance(store, refilling);
    // Two turns at once find the balance empty: one refill between them.
    await Promise.all([balance.assertCanAfford(userId, 'gpt-4o', countPrompt(10)), balance.assertCanAfford(userId, 'gpt-4o', countPrompt(10))]);
    expect((await refills()).map((entry) => entry.tokenValue)).toEqual([5_000]);
    expect(await store.balances.get(userId)).toBe(5_000);

    await store.balances.record({ userId, conversationId: null, tokenType: 'prompt', model: 'gpt-4o', context: 'message', rawAmount: -5_000, rate: 1, tokenValue: -5_000 });
    vi.setSystemTime(Date.now() + 10 * DAY);
    expect(((await failureOf(balance.assertCanAfford(userId, 'gpt-4o', countPrompt(10)))) as ChatboxError).code).toBe('token_balance');
    vi.setSystemTime(Date.now() + 21 * DAY);
    await balance.assertCanAfford(userId, 'gpt-4o', countPrompt(10));
    expect(await refills()).toHaveLength(2);
  });

  it('does not refill a balance that covers the prompt', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 90 * DAY);
    await store.balances.record({ userId, conversationId: null, tokenType: 'credits', model: null, context: 'admin', rawAmount: 1_000_000, rate: 1, tokenValue: 1_000_000 });
    await createBalance(store, refilling).assertCanAfford(userId, 'gpt-4o', countPrompt(10));
    expect(await refills()).toEqual([]);
  });
});
