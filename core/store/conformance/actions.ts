import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewAction } from '../repositories/actions.js';
import { type ContractContext, pause } from './context.js';

const actionInput = (user: string, assistant_id: string, domain = 'api.example.com'): NewAction => ({
  user,
  action_id: randomUUID(),
  assistant_id,
  metadata: { domain, raw_spec: '{"openapi":"3.1.0"}', auth: { type: 'service_http', authorization_type: 'bearer' }, api_key: 'sealed-key' },
});

export function describeActionsContract(context: ContractContext): void {
  describe('actions', () => {
    it('saves, replaces (keeping createdAt), lists by user and assistant, and deletes', async () => {
      const user = await context.createUser();
      const { actions } = context.store;
      const first = await actions.save(actionInput(user.id, 'asst_1'));
      await pause();
      const second = await actions.save(actionInput(user.id, 'asst_2', 'b.example.com'));
      expect(await actions.find(user.id, first.action_id)).toEqual(first);
      await pause();
      const replaced = await actions.save({ ...first, metadata: { ...first.metadata, auth: { type: 'none' }, api_key: undefined } });
      const found = await actions.find(user.id, first.action_id);
      expect(found?.metadata.auth).toEqual({ type: 'none' });
      expect(found?.metadata.api_key).toBeUndefined();
      expect(found?.createdAt.getTime()).toBe(first.createdAt.getTime());
      expect(replaced.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
      expect((await actions.list(user.id)).map((action) => action.action_id)).toEqual([first.action_id, second.action_id]);
      expect((await actions.list(user.id, 'asst_2')).map((action) => action.action_id)).toEqual([second.action_id]);
      expect(await actions.delete(user.id, first.action_id)).toBe(true);
      expect(await actions.delete(user.id, first.action_id)).toBe(false);
      expect(await actions.deleteByAssistant(user.id, 'asst_2')).toBe(1);
      expect(await actions.list(user.id)).toEqual([]);
    });

    it("never shows, replaces or deletes another user's action", async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      const { actions } = context.store;
      const own = await actions.save(actionInput(alice.id, 'asst_a'));
      expect(await actions.find(bob.id, own.action_id)).toBeNull();
      expect(await actions.list(bob.id)).toEqual([]);
      expect(await actions.delete(bob.id, own.action_id)).toBe(false);
      expect(await actions.deleteByAssistant(bob.id, 'asst_a')).toBe(0);
      // The same id saved by Bob is Bob's own record.
      await actions.save({ ...actionInput(bob.id, 'asst_b'), action_id: own.action_id });
      expect((await actions.find(alice.id, own.action_id))?.assistant_id).toBe('asst_a');
      expect((await actions.find(bob.id, own.action_id))?.assistant_id).toBe('asst_b');
    });

    it('goes with its user, and exports every action', async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      const { actions } = context.store;
      await actions.save(actionInput(alice.id, 'asst_a'));
      const kept = await actions.save(actionInput(bob.id, 'asst_b'));
      const exported = await actions.exportBatch(null, 10);
      expect(exported.items).toHaveLength(2);
      expect(exported.items[1].metadata.api_key).toBe('sealed-key');
      await context.store.users.delete(alice.id);
      expect(await actions.list(alice.id)).toEqual([]);
      expect(await actions.find(bob.id, kept.action_id)).not.toBeNull();
    });
  });
}
