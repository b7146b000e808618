import { describe, expect, it } from 'vitest';
import { type ContractContext, assistantInput, pause } from './context.js';

export function describeAssistantsContract(context: ContractContext): void {
  describe('assistants', () => {
    /** Five assistants of one user, created in this order (distinct times, except the last two which share one). */
    async function seedFive(userId: string): Promise<string[]> {
      const ids: string[] = [];
      for (let index = 0; index < 5; index++) {
        ids.push((await context.store.assistants.create(assistantInput(userId, { name: `A${index}` }))).id);
        if (index < 3) await pause();
      }
      return ids;
    }

    it('creates, finds, updates and deletes an assistant, keeping every field', async () => {
      const user = await context.createUser();
      const { assistants } = context.store;
      const tools = [{ type: 'retrieval' as const }, { type: 'function' as const, function: { name: 'calculator', description: 'Math', parameters: { type: 'object', properties: { input: { type: 'string' } } } } }];
      const created = await assistants.create(assistantInput(user.id, { tools, file_ids: ['file-1'], metadata: { author: user.id, 'odd.key': '$value' } }));
      expect(created).toEqual({ ...assistantInput(user.id, { id: created.id, tools, file_ids: ['file-1'], metadata: { author: user.id, 'odd.key': '$value' } }), createdAt: expect.any(Date), updatedAt: expect.any(Date) });
      expect(await assistants.find(user.id, created.id)).toEqual(created);
      await pause();
      const updated = await assistants.update(user.id, created.id, { name: 'Renamed', description: 'New', tools: [], metadata: { author: user.id, avatar: '/images/a.png' } });
      expect(updated).toMatchObject({ id: created.id, name: 'Renamed', description: 'New', instructions: 'Be brief.', model: 'gpt-4o', tools: [], file_ids: ['file-1'], metadata: { author: user.id, avatar: '/images/a.png' } });
      expect(updated!.createdAt).toEqual(created.createdAt);
      expect(updated!.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
      expect(await assistants.update(user.id, created.id, { instructions: null })).toMatchObject({ instructions: null, name: 'Renamed' });
      expect(await assistants.delete(user.id, created.id)).toBe(true);
      expect(await assistants.delete(user.id, created.id)).toBe(false);
      expect(await assistants.find(user.id, created.id)).toBeNull();
      expect(await assistants.update(user.id, created.id, { name: 'Gone' })).toBeNull();
    });

    it("never finds, changes, deletes or lists another user's assistant", async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      const { assistants } = context.store;
      const own = await assistants.create(assistantInput(alice.id));
      expect(await assistants.find(bob.id, own.id)).toBeNull();
      expect(await assistants.update(bob.id, own.id, { name: 'Mine now' })).toBeNull();
      expect(await assistants.delete(bob.id, own.id)).toBe(false);
      expect(await assistants.list(bob.id, { order: 'desc', limit: 20 })).toEqual({ items: [], hasMore: false });
      expect(await assistants.list(bob.id, { order: 'desc', limit: 20, after: own.id })).toBeNull();
      expect(await assistants.find(alice.id, own.id)).toMatchObject({ name: 'Helper' });
    });

    it('pages by created_at in either order with after and before', async () => {
      const user = await context.createUser();
      const { assistants } = context.store;
      const ids = await seedFive(user.id);
      // The last two share a millisecond at most; their order is then by id, the same in both drivers.
      const ascending = (await assistants.list(user.id, { order: 'asc', limit: 100 }))!.items.map((assistant) => assistant.id);
      expect(ascending.slice(0, 3)).toEqual(ids.slice(0, 3));
      expect(new Set(ascending.slice(3))).toEqual(new Set(ids.slice(3)));
      const descending = [...ascending].reverse();
      const names = (query: Parameters<typeof assistants.list>[1]) => assistants.list(user.id, query).then((page) => page && { ids: page.items.map((assistant) => assistant.id), hasMore: page.hasMore });

      expect(await names({ order: 'desc', limit: 2 })).toEqual({ ids: descending.slice(0, 2), hasMore: true });
      expect(await names({ order: 'desc', limit: 2, after: descending[1] })).toEqual({ ids: descending.slice(2, 4), hasMore: true });
      expect(await names({ order: 'desc', limit: 2, after: descending[3] })).toEqual({ ids: descending.slice(4), hasMore: false });
      expect(await names({ order: 'desc', limit: 2, before: descending[4] })).toEqual({ ids: descending.slice(2, 4), hasMore: true });
      expect(await names({ order: 'desc', limit: 5, before: descending[2] })).toEqual({ ids: descending.slice(0, 2), hasMore: false });
      expect(await names({ order: 'asc', limit: 3, after: ascending[0] })).toEqual({ ids: ascending.slice(1, 4), hasMore: true });
      expect(await names({ order: 'asc', limit: 3, before: ascending[4] })).toEqual({ ids: ascending.slice(1, 4), hasMore: true });
      expect(await names({ order: 'asc', limit: 5, after: ascending[4] })).toEqual({ ids: [], hasMore: false });
      expect(await names({ order: 'asc', limit: 5, after: 'asst_unknown' })).toBeNull();
    });

    it('lists only the supported ids, or all but the excluded ones, paging over what is left', async () => {
      const user = await context.createUser();
      const { assistants } = context.store;
      const ids = await seedFive(user.id);
      const only = await assistants.list(user.id, { order: 'asc', limit: 1, onlyIds: [ids[0], ids[2], 'asst_other'] });
      expect({ ids: only!.items.map((assistant) => assistant.id), hasMore: only!.hasMore }).toEqual({ ids: [ids[0]], hasMore: true });
      const next = await assistants.list(user.id, { order: 'asc', limit: 1, after: ids[0], onlyIds: [ids[0], ids[2]] });
      expect({ ids: next!.items.map((assistant) => assistant.id), hasMore: next!.hasMore }).toEqual({ ids: [ids[2]], hasMore: false });
      const except = await assistants.list(user.id, { order: 'asc', limit: 10, exceptIds: [ids[1], ids[3], ids[4]] });
      expect(except!.items.map((assistant) => assistant.id)).toEqual([ids[0], ids[2]]);
    });

    it('exports every assistant in insertion order, a batch at a time', async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      const { assistants } = context.store;
      const first = await assistants.create(assistantInput(alice.id, { name: 'one' }));
      await assistants.create(assistantInput(bob.id, { name: 'two' }));
      await assistants.create(assistantInput(alice.id, { name: 'three' }));
      const batch = await assistants.exportBatch(null, 2);
      expect(batch.items.map((assistant) => assistant.name)).toEqual(['one', 'two']);
      expect(batch.items[0]).toEqual(first);
      const rest = await assistants.exportBatch(batch.next, 2);
      expect(rest).toEqual({ items: [expect.objectContaining({ name: 'three', user: alice.id })], next: null });
    });
  });
}
