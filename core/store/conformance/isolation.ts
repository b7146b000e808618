import { describe, expect, it } from 'vitest';
import type { User } from '../repositories/users.js';
import { type ContractContext, conversationInput, fileInput, messageInput, presetInput } from './context.js';

/** Ids are scoped by owner: user B can neither see nor change what user A owns, whatever id B sends. */
export function describeIsolationContract(context: ContractContext): void {
  async function seed(owner: User) {
    const conversation = await context.store.conversations.upsert(conversationInput(owner.id, { title: "Alice's chat" }));
    const message = await context.store.messages.upsert(messageInput(owner.id, conversation.conversationId, { text: 'secret' }));
    const preset = await context.store.presets.upsert(presetInput(owner.id, { title: "Alice's preset", defaultPreset: true }));
    await context.store.keys.upsert({ userId: owner.id, name: 'openAI', value: 'alice-cipher', expiresAt: null });
    const file = await context.store.files.upsert(fileInput(owner.id, { filename: 'alice.txt' }));
    return { conversation, message, preset, file };
  }

  async function expectUntouched(owner: User, records: Awaited<ReturnType<typeof seed>>) {
    expect(await context.store.conversations.find(owner.id, records.conversation.conversationId)).toEqual(records.conversation);
    expect(await context.store.messages.find(owner.id, records.message.messageId)).toEqual(records.message);
    expect(await context.store.presets.find(owner.id, records.preset.presetId)).toEqual(records.preset);
    expect(await context.store.keys.find(owner.id, 'openAI')).toMatchObject({ value: 'alice-cipher' });
    expect(await context.store.files.find(owner.id, records.file.file_id)).toEqual(records.file);
  }

  describe('cross-user isolation', () => {
    it("never returns another user's records by id or in a list", async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      const records = await seed(alice);
      expect(await context.store.conversations.find(bob.id, records.conversation.conversationId)).toBeNull();
      expect(await context.store.conversations.list(bob.id, { offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
      expect(await context.store.messages.find(bob.id, records.message.messageId)).toBeNull();
      expect(await context.store.messages.listByConversation(bob.id, records.conversation.conversationId)).toEqual([]);
      expect(await context.store.presets.find(bob.id, records.preset.presetId)).toBeNull();
      expect(await context.store.presets.list(bob.id)).toEqual([]);
      expect(await context.store.keys.find(bob.id, 'openAI')).toBeNull();
      expect(await context.store.keys.list(bob.id)).toEqual([]);
      expect(await context.store.files.find(bob.id, records.file.file_id)).toBeNull();
      expect(await context.store.files.list(bob.id)).toEqual([]);
    });

    it("never updates or deletes another user's records", async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      const records = await seed(alice);
      expect(await context.store.conversations.update(bob.id, records.conversation.conversationId, { title: 'hijacked' })).toBeNull();
      expect(await context.store.messages.update(bob.id, records.message.messageId, { text: 'hijacked' })).toBeNull();
      expect(await context.store.conversations.delete(bob.id, [records.conversation.conversationId])).toBe(0);
      expect(await context.store.messages.deleteByConversation(bob.id, records.conversation.conversationId)).toBe(0);
      expect(await context.store.conversations.deleteAll(bob.id)).toBe(0);
      expect(await context.store.presets.delete(bob.id, records.preset.presetId)).toBe(false);
      expect(await context.store.presets.deleteAll(bob.id)).toBe(0);
      await context.store.presets.setDefault(bob.id, records.preset.presetId);
      await context.store.presets.setDefault(bob.id, null);
      expect(await context.store.keys.delete(bob.id, 'openAI')).toBe(false);
      expect(await context.store.keys.deleteAll(bob.id)).toBe(0);
      expect(await context.store.files.delete(bob.id, [records.file.file_id])).toBe(0);
      await expectUntouched(alice, records);
    });

    it("keeps the owner's record when another user saves one with the same id", async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      const records = await seed(alice);
      const { conversationId } = records.conversation;
      await context.store.conversations.upsert(conversationInput(bob.id, { conversationId, title: "Bob's chat" }));
      await context.store.messages.upsert(messageInput(bob.id, conversationId, { messageId: records.message.messageId, text: 'bob' }));
      await context.store.presets.upsert(presetInput(bob.id, { presetId: records.preset.presetId, title: "Bob's preset", defaultPreset: true }));
      await context.store.keys.upsert({ userId: bob.id, name: 'openAI', value: 'bob-cipher', expiresAt: null });
      await context.store.files.upsert(fileInput(bob.id, { file_id: records.file.file_id, filename: 'bob.txt' }));
      await expectUntouched(alice, records);
      expect(await context.store.messages.listByConversation(alice.id, conversationId)).toEqual([records.message]);
      expect((await context.store.conversations.find(bob.id, conversationId))?.title).toBe("Bob's chat");
      expect((await context.store.messages.find(bob.id, records.message.messageId))?.text).toBe('bob');
    });
  });
}
