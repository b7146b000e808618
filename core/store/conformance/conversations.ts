import { describe, expect, it } from 'vitest';
import { type ContractContext, conversationInput, messageInput, minutesFrom } from './context.js';

export function describeConversationsContract(context: ContractContext): void {
  const base = new Date('2025-01-01T00:00:00.000Z');

  describe('conversations', () => {
    it('round-trips the endpoint options, nulls and nested values included', async () => {
      const user = await context.createUser();
      const input = conversationInput(user.id, {
        title: 'Physics',
        temperature: 0.7,
        top_p: null,
        promptPrefix: 'Be brief',
        examples: [{ input: { content: 'hi' }, output: { content: 'hello' } }],
        tools: ['calculator'],
        agentOptions: { agent: 'functions', skipCompletion: true },
        resendFiles: false,
        imageDetail: 'high',
        thread_id: 'thread_1',
      });
      const saved = await context.store.conversations.upsert(input);
      expect(saved).toMatchObject(input);
      expect(saved.createdAt).toBeInstanceOf(Date);
      expect(saved.updatedAt).toBeInstanceOf(Date);
      expect(await context.store.conversations.find(user.id, input.conversationId)).toEqual(saved);
    });

    it('keeps options it has no column for', async () => {
      const user = await context.createUser();
      const input = { ...conversationInput(user.id), jailbreak: true, toneStyle: 'precise' as const };
      await context.store.conversations.upsert(input);
      expect(await context.store.conversations.find(user.id, input.conversationId)).toMatchObject({ jailbreak: true, toneStyle: 'precise' });
    });

    it('replaces the options on upsert and keeps createdAt', async () => {
      const user = await context.createUser();
      const input = conversationInput(user.id, { createdAt: base, updatedAt: base, temperature: 1 });
      await context.store.conversations.upsert(input);
      const replaced = await context.store.conversations.upsert({
        conversationId: input.conversationId,
        user: user.id,
        title: 'Renamed',
        model: 'gpt-4o-mini',
        createdAt: minutesFrom(base, 10),
        updatedAt: minutesFrom(base, 10),
      });
      expect(replaced).toMatchObject({ title: 'Renamed', model: 'gpt-4o-mini', createdAt: base, updatedAt: minutesFrom(base, 10) });
      expect(replaced.temperature).toBeUndefined();
      expect(replaced.endpoint).toBeUndefined();
    });

    it('lists newest updatedAt first, a page at a time, with the total', async () => {
      const user = await context.createUser();
      const ids: string[] = [];
      for (let index = 0; index < 5; index++) {
        const input = conversationInput(user.id, { createdAt: base, updatedAt: minutesFrom(base, index) });
        ids.push(input.conversationId);
        await context.store.conversations.upsert(input);
      }
      const newestFirst = [...ids].reverse();
      const first = await context.store.conversations.list(user.id, { offset: 0, limit: 2 });
      expect(first.total).toBe(5);
      expect(first.items.map((item) => item.conversationId)).toEqual(newestFirst.slice(0, 2));
      const last = await context.store.conversations.list(user.id, { offset: 4, limit: 2 });
      expect(last.items.map((item) => item.conversationId)).toEqual(newestFirst.slice(4));
      expect((await context.store.conversations.list(user.id, { offset: 10, limit: 2 })).items).toEqual([]);
    });

    it('updates the given fields, keeps the rest and moves updatedAt', async () => {
      const user = await context.createUser();
      const input = conversationInput(user.id, { createdAt: base, updatedAt: base, temperature: 0.5 });
      await context.store.conversations.upsert(input);
      const updated = await context.store.conversations.update(user.id, input.conversationId, { title: 'New title', temperature: null, model: undefined });
      expect(updated).toMatchObject({ title: 'New title', temperature: null, model: 'gpt-4o', endpoint: 'openAI', createdAt: base });
      expect(updated!.updatedAt.getTime()).toBeGreaterThan(base.getTime());
      expect(await context.store.conversations.find(user.id, input.conversationId)).toEqual(updated);
      const explicit = await context.store.conversations.update(user.id, input.conversationId, { updatedAt: minutesFrom(base, 3) });
      expect(explicit?.updatedAt).toEqual(minutesFrom(base, 3));
    });

    it('returns null when updating an unknown conversation', async () => {
      const user = await context.createUser();
      expect(await context.store.conversations.update(user.id, 'missing', { title: 'x' })).toBeNull();
      expect(await context.store.conversations.find(user.id, 'missing')).toBeNull();
    });

    it('deletes conversations with their messages and leaves the others', async () => {
      const user = await context.createUser();
      const [first, second, kept] = [conversationInput(user.id), conversationInput(user.id), conversationInput(user.id)];
      for (const conversation of [first, second, kept]) {
        await context.store.conversations.upsert(conversation);
        await context.store.messages.upsert(messageInput(user.id, conversation.conversationId));
      }
      expect(await context.store.conversations.delete(user.id, [first.conversationId, second.conversationId, 'missing'])).toBe(2);
      expect(await context.store.conversations.find(user.id, first.conversationId)).toBeNull();
      expect(await context.store.messages.listByConversation(user.id, first.conversationId)).toEqual([]);
      expect(await context.store.messages.listByConversation(user.id, second.conversationId)).toEqual([]);
      expect(await context.store.messages.listByConversation(user.id, kept.conversationId)).toHaveLength(1);
      expect(await context.store.conversations.delete(user.id, [])).toBe(0);
    });

    it("deletes all of a user's conversations and messages", async () => {
      const user = await context.createUser();
      const other = await context.createUser();
      const mine = [conversationInput(user.id), conversationInput(user.id)];
      const theirs = conversationInput(other.id);
      for (const conversation of [...mine, theirs]) {
        await context.store.conversations.upsert(conversation);
        await context.store.messages.upsert(messageInput(conversation.user, conversation.conversationId));
      }
      expect(await context.store.conversations.deleteAll(user.id)).toBe(2);
      expect((await context.store.conversations.list(user.id, { offset: 0, limit: 10 })).total).toBe(0);
      expect(await context.store.messages.listByConversation(user.id, mine[0].conversationId)).toEqual([]);
      expect(await context.store.conversations.find(other.id, theirs.conversationId)).not.toBeNull();
      expect(await context.store.messages.listByConversation(other.id, theirs.conversationId)).toHaveLength(1);
    });
  });
}
