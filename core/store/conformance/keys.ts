import { describe, expect, it } from 'vitest';
import { type ContractContext, minutesFrom, pause } from './context.js';

export function describeKeysContract(context: ContractContext): void {
  const now = new Date();

  describe('user keys', () => {
    it('stores, replaces and lists keys by endpoint name', async () => {
      const user = await context.createUser();
      await context.store.keys.upsert({ userId: user.id, name: 'openAI', value: 'cipher-1', expiresAt: minutesFrom(now, 60) });
      const first = await context.store.keys.find(user.id, 'openAI');
      expect(first).toMatchObject({ userId: user.id, name: 'openAI', value: 'cipher-1', expiresAt: minutesFrom(now, 60) });
      expect(first?.updatedAt).toBeInstanceOf(Date);
      await pause();
      await context.store.keys.upsert({ userId: user.id, name: 'openAI', value: 'cipher-2', expiresAt: null });
      const replaced = await context.store.keys.find(user.id, 'openAI');
      expect(replaced).toMatchObject({ value: 'cipher-2', expiresAt: null });
      expect(replaced!.updatedAt.getTime()).toBeGreaterThan(first!.updatedAt.getTime());
      await context.store.keys.upsert({ userId: user.id, name: 'anthropic', value: 'cipher-3', expiresAt: null });
      expect((await context.store.keys.list(user.id)).map((key) => key.name).sort()).toEqual(['anthropic', 'openAI']);
      expect(await context.store.keys.find(user.id, 'google')).toBeNull();
    });

    it('returns an expired key so the caller can report when it expired', async () => {
      const user = await context.createUser();
      await context.store.keys.upsert({ userId: user.id, name: 'openAI', value: 'cipher', expiresAt: minutesFrom(now, -1) });
      expect((await context.store.keys.find(user.id, 'openAI'))?.expiresAt).toEqual(minutesFrom(now, -1));
    });

    it('deletes one key or all of them', async () => {
      const user = await context.createUser();
      await context.store.keys.upsert({ userId: user.id, name: 'openAI', value: 'a', expiresAt: null });
      await context.store.keys.upsert({ userId: user.id, name: 'anthropic', value: 'b', expiresAt: null });
      await context.store.keys.upsert({ userId: user.id, name: 'google', value: 'c', expiresAt: null });
      expect(await context.store.keys.delete(user.id, 'openAI')).toBe(true);
      expect(await context.store.keys.delete(user.id, 'openAI')).toBe(false);
      expect(await context.store.keys.deleteAll(user.id)).toBe(2);
      expect(await context.store.keys.list(user.id)).toEqual([]);
    });

    it('deletes expired keys and keeps keys without an expiry', async () => {
      const user = await context.createUser();
      await context.store.keys.upsert({ userId: user.id, name: 'expired', value: 'a', expiresAt: minutesFrom(now, -1) });
      await context.store.keys.upsert({ userId: user.id, name: 'live', value: 'b', expiresAt: minutesFrom(now, 1) });
      await context.store.keys.upsert({ userId: user.id, name: 'forever', value: 'c', expiresAt: null });
      expect(await context.store.keys.deleteExpired(now)).toBe(1);
      expect((await context.store.keys.list(user.id)).map((key) => key.name).sort()).toEqual(['forever', 'live']);
    });
  });
}
