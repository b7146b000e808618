import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '../repositories/users.js';
import { type ContractContext, assistantInput, conversationInput, fileInput, messageInput, minutesFrom, presetInput } from './context.js';

export function describeCascadeContract(context: ContractContext): void {
  const now = new Date();

  async function seedEverything(user: User) {
    const session = await context.store.sessions.create({ id: randomUUID(), userId: user.id, familyId: randomUUID(), tokenHash: randomUUID(), expiresAt: minutesFrom(now, 60) });
    await context.store.tokens.put({ userId: user.id, purpose: 'password-reset', tokenHash: `reset-${user.id}`, expiresAt: minutesFrom(now, 15) });
    const conversation = await context.store.conversations.upsert(conversationInput(user.id));
    const message = await context.store.messages.upsert(messageInput(user.id, conversation.conversationId));
    const preset = await context.store.presets.upsert(presetInput(user.id));
    await context.store.keys.upsert({ userId: user.id, name: 'openAI', value: 'cipher', expiresAt: null });
    await context.store.pluginAuths.upsert({ userId: user.id, pluginKey: 'wolfram', authField: 'WOLFRAM_APP_ID', value: 'cipher' });
    await context.store.balances.record({ userId: user.id, conversationId: null, tokenType: 'credits', model: null, context: 'admin', rawAmount: 100, rate: 1, tokenValue: 100 });
    const file = await context.store.files.upsert(fileInput(user.id));
    const assistant = await context.store.assistants.create(assistantInput(user.id));
    return { session, conversation, message, preset, file, assistant };
  }

  describe('deleting a user', () => {
    it('removes everything the user owns and nothing of anyone else', async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      const gone = await seedEverything(alice);
      const kept = await seedEverything(bob);

      expect(await context.store.users.delete(alice.id)).toBe(true);

      const store = context.store;
      expect(await store.sessions.findByTokenHash(gone.session.tokenHash)).toBeNull();
      expect(await store.tokens.take(alice.id, 'password-reset', `reset-${alice.id}`)).toBeNull();
      expect(await store.conversations.find(alice.id, gone.conversation.conversationId)).toBeNull();
      expect(await store.messages.find(alice.id, gone.message.messageId)).toBeNull();
      expect(await store.presets.find(alice.id, gone.preset.presetId)).toBeNull();
      expect(await store.keys.list(alice.id)).toEqual([]);
      expect(await store.pluginAuths.list(alice.id, 'wolfram')).toEqual([]);
      expect(await store.balances.get(alice.id)).toBe(0);
      expect(await store.balances.listTransactions(alice.id, { offset: 0, limit: 10 })).toEqual([]);
      expect(await store.files.find(alice.id, gone.file.file_id)).toBeNull();
      expect(await store.assistants.find(alice.id, gone.assistant.id)).toBeNull();
      expect((await store.balances.listBalances()).map((entry) => entry.userId)).toEqual([bob.id]);

      expect(await store.sessions.findByTokenHash(kept.session.tokenHash)).not.toBeNull();
      expect(await store.tokens.take(bob.id, 'password-reset', `reset-${bob.id}`)).not.toBeNull();
      expect(await store.conversations.find(bob.id, kept.conversation.conversationId)).not.toBeNull();
      expect(await store.messages.find(bob.id, kept.message.messageId)).not.toBeNull();
      expect(await store.presets.find(bob.id, kept.preset.presetId)).not.toBeNull();
      expect(await store.keys.list(bob.id)).toHaveLength(1);
      expect(await store.pluginAuths.list(bob.id, 'wolfram')).toHaveLength(1);
      expect(await store.balances.get(bob.id)).toBe(100);
      expect(await store.files.find(bob.id, kept.file.file_id)).not.toBeNull();
      expect(await store.assistants.find(bob.id, kept.assistant.id)).not.toBeNull();
    });
  });
}
