import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatboxError } from '../errors/index.js';
import { createTestStore } from '../testing/test-store.js';
import type { Store } from '../store/types.js';
import { createBalance } from './balance.js';

describe('balance check before a request', () => {
  let store: Store;
  let userId: string;
  let counted: number;
  const countPrompt = (tokens: number) => () => {
    counted += 1;
    return tokens;
  };

  beforeEach(async () => {
    store = await createTestStore();
    const user = await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', emailVerified: true, avatar: null, provider: 'local', providerId: null, passwordHash: null, role: 'USER' });
    userId = user.id;
    counted = 0;
  });
  afterEach(() => store.close());

  it('does not count the prompt when balances are off', async () => {
    await createBalance(store, false).assertCanAfford(userId, 'gpt-4o', countPrompt(1_000_000));
    expect(counted).toBe(0);
  });

  it('refuses a prompt that costs more than the balance, with the figures', async () => {
    const error = await createBalance(store, true).assertCanAfford(userId, 'gpt-4o', countPrompt(10)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChatboxError);
    expect((error as ChatboxError).code).toBe('token_balance');
    expect(counted).toBe(1);
  });

  it('lets a prompt through that the balance covers', async () => {
    const balance = createBalance(store, true);
    await store.balances.record({ userId, conversationId: null, tokenType: 'credits', model: 'gpt-4o', context: 'admin', rawAmount: 1_000_000, rate: 1, tokenValue: 1_000_000 });
    await expect(balance.assertCanAfford(userId, 'gpt-4o', countPrompt(10))).resolves.toBeUndefined();
    expect(counted).toBe(1);
  });
});
