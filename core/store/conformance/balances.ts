import { describe, expect, it } from 'vitest';
import type { Transaction } from '../repositories/balances.js';
import { type ContractContext, pause } from './context.js';

type Entry = Omit<Transaction, 'id' | 'createdAt'>;

export function describeBalancesContract(context: ContractContext): void {
  function entry(userId: string, tokenValue: number, overrides: Partial<Entry> = {}): Entry {
    return { userId, conversationId: null, tokenType: 'credits', model: null, context: 'admin', rawAmount: tokenValue, rate: 1, tokenValue, ...overrides };
  }

  describe('balances', () => {
    it('is 0 for a user without a balance record, and find tells that apart from a balance of 0', async () => {
      const user = await context.createUser();
      expect(await context.store.balances.get(user.id)).toBe(0);
      expect(await context.store.balances.find(user.id)).toBeNull();
      expect(await context.store.balances.listBalances()).toEqual([]);
      await context.store.balances.record(entry(user.id, 50));
      await context.store.balances.record(entry(user.id, -50));
      expect(await context.store.balances.find(user.id)).toBe(0);
    });

    it('applies each transaction to the balance and returns the new balance', async () => {
      const user = await context.createUser();
      expect(await context.store.balances.record(entry(user.id, 1000))).toBe(1000);
      const spend = entry(user.id, -300, { tokenType: 'prompt', context: 'message', rawAmount: -100, rate: 3, model: 'gpt-4o', conversationId: 'conversation-1' });
      expect(await context.store.balances.record(spend)).toBe(700);
      expect(await context.store.balances.get(user.id)).toBe(700);
    });

    it('tells when the newest transaction of a context was recorded, per user', async () => {
      const [user, other] = [await context.createUser(), await context.createUser()];
      expect(await context.store.balances.lastTransactionAt(user.id, 'autoRefill')).toBeNull();
      await context.store.balances.record(entry(user.id, 10, { context: 'autoRefill' }));
      await pause();
      await context.store.balances.record(entry(user.id, 20, { context: 'autoRefill' }));
      await context.store.balances.record(entry(user.id, -5, { context: 'message', tokenType: 'prompt' }));
      await context.store.balances.record(entry(other.id, 30, { context: 'autoRefill' }));
      const [newest] = await context.store.balances.listTransactions(user.id, { offset: 0, limit: 5 }).then((list) => list.filter((transaction) => transaction.context === 'autoRefill'));
      expect(newest.rawAmount).toBe(20);
      expect(await context.store.balances.lastTransactionAt(user.id, 'autoRefill')).toEqual(newest.createdAt);
      expect(await context.store.balances.lastTransactionAt(user.id, 'startBalance')).toBeNull();
    });

    it('loses no update when many transactions land at once', async () => {
      const user = await context.createUser();
      await Promise.all(Array.from({ length: 50 }, (_, index) => context.store.balances.record(entry(user.id, index % 2 === 0 ? 10 : -3))));
      expect(await context.store.balances.get(user.id)).toBe(25 * 10 - 25 * 3);
      expect(await context.store.balances.listTransactions(user.id, { offset: 0, limit: 100 })).toHaveLength(50);
    });

    it('lists transactions newest first, a page at a time', async () => {
      const user = await context.createUser();
      await context.store.balances.record(entry(user.id, 100));
      await pause();
      await context.store.balances.record(entry(user.id, -20, { tokenType: 'completion', context: 'message', rawAmount: -10, rate: 2, model: 'gpt-4o', conversationId: 'c-1' }));
      await pause();
      await context.store.balances.record(entry(user.id, -5, { tokenType: 'prompt', context: 'title', rawAmount: -5 }));
      const listed = await context.store.balances.listTransactions(user.id, { offset: 0, limit: 10 });
      expect(listed.map((transaction) => transaction.tokenValue)).toEqual([-5, -20, 100]);
      expect(listed[1]).toMatchObject({ userId: user.id, tokenType: 'completion', context: 'message', rawAmount: -10, rate: 2, model: 'gpt-4o', conversationId: 'c-1' });
      expect(listed[1].id).toEqual(expect.any(String));
      expect(listed[1].createdAt).toBeInstanceOf(Date);
      const page = await context.store.balances.listTransactions(user.id, { offset: 1, limit: 1 });
      expect(page.map((transaction) => transaction.tokenValue)).toEqual([-20]);
    });

    it("keeps each user's balance separate and lists every balance", async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      await context.store.balances.record(entry(alice.id, 50));
      await context.store.balances.record(entry(bob.id, 7.5));
      expect(await context.store.balances.get(alice.id)).toBe(50);
      expect(await context.store.balances.get(bob.id)).toBe(7.5);
      expect(await context.store.balances.listTransactions(bob.id, { offset: 0, limit: 10 })).toHaveLength(1);
      const balances = await context.store.balances.listBalances();
      expect(balances).toHaveLength(2);
      expect(balances).toEqual(expect.arrayContaining([{ userId: alice.id, balance: 50 }, { userId: bob.id, balance: 7.5 }]));
    });
  });
}
