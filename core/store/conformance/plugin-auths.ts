import { describe, expect, it } from 'vitest';
import { type ContractContext, pause } from './context.js';

export function describePluginAuthsContract(context: ContractContext): void {
  describe('plugin auths', () => {
    it('stores, replaces and lists the fields of one tool', async () => {
      const user = await context.createUser();
      const { pluginAuths } = context.store;
      await pluginAuths.upsert({ userId: user.id, pluginKey: 'google', authField: 'GOOGLE_SEARCH_API_KEY', value: 'cipher-1' });
      await pluginAuths.upsert({ userId: user.id, pluginKey: 'google', authField: 'GOOGLE_CSE_ID', value: 'cipher-2' });
      const [first] = await pluginAuths.list(user.id, 'google');
      expect(first).toEqual({ userId: user.id, pluginKey: 'google', authField: 'GOOGLE_CSE_ID', value: 'cipher-2', updatedAt: expect.any(Date) });
      await pause();
      await pluginAuths.upsert({ userId: user.id, pluginKey: 'google', authField: 'GOOGLE_CSE_ID', value: 'cipher-3' });
      const listed = await pluginAuths.list(user.id, 'google');
      expect(listed.map((auth) => [auth.authField, auth.value])).toEqual([['GOOGLE_CSE_ID', 'cipher-3'], ['GOOGLE_SEARCH_API_KEY', 'cipher-1']]);
      expect(listed[0].updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
      expect(await pluginAuths.list(user.id, 'wolfram')).toEqual([]);
    });

    it('keeps the same field of two tools apart, and deletes one tool or all', async () => {
      const user = await context.createUser();
      const { pluginAuths } = context.store;
      await pluginAuths.upsert({ userId: user.id, pluginKey: 'dalle', authField: 'DALLE3_API_KEY', value: 'three' });
      await pluginAuths.upsert({ userId: user.id, pluginKey: 'dall-e', authField: 'DALLE2_API_KEY', value: 'two' });
      await pluginAuths.upsert({ userId: user.id, pluginKey: 'web-browser', authField: 'OPENAI_API_KEY', value: 'browser' });
      await pluginAuths.upsert({ userId: user.id, pluginKey: 'echo', authField: 'OPENAI_API_KEY', value: 'echo' });
      expect((await pluginAuths.list(user.id, 'echo')).map((auth) => auth.value)).toEqual(['echo']);
      expect(await pluginAuths.delete(user.id, 'web-browser')).toBe(1);
      expect(await pluginAuths.delete(user.id, 'web-browser')).toBe(0);
      expect((await pluginAuths.list(user.id, 'echo')).map((auth) => auth.value)).toEqual(['echo']);
      expect(await pluginAuths.deleteAll(user.id)).toBe(3);
      expect(await pluginAuths.list(user.id, 'dalle')).toEqual([]);
    });

    it("never shows or deletes another user's credentials", async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      const { pluginAuths } = context.store;
      await pluginAuths.upsert({ userId: alice.id, pluginKey: 'wolfram', authField: 'WOLFRAM_APP_ID', value: 'alice' });
      await pluginAuths.upsert({ userId: bob.id, pluginKey: 'wolfram', authField: 'WOLFRAM_APP_ID', value: 'bob' });
      expect((await pluginAuths.list(bob.id, 'wolfram')).map((auth) => auth.value)).toEqual(['bob']);
      expect(await pluginAuths.delete(bob.id, 'wolfram')).toBe(1);
      expect(await pluginAuths.deleteAll(bob.id)).toBe(0);
      expect((await pluginAuths.list(alice.id, 'wolfram')).map((auth) => auth.value)).toEqual(['alice']);
    });

    it('exports every stored credential in insertion order, a batch at a time', async () => {
      const user = await context.createUser();
      const { pluginAuths } = context.store;
      for (const key of ['a', 'b', 'c']) await pluginAuths.upsert({ userId: user.id, pluginKey: key, authField: 'KEY', value: `cipher-${key}` });
      const first = await pluginAuths.exportBatch(null, 2);
      expect(first.items.map((auth) => auth.value)).toEqual(['cipher-a', 'cipher-b']);
      const second = await pluginAuths.exportBatch(first.next, 2);
      expect(second).toEqual({ items: [expect.objectContaining({ pluginKey: 'c', value: 'cipher-c' })], next: null });
    });
  });
}
