import { describe, expect, it } from 'vitest';
import { type ContractContext, conversationInput, messageInput, minutesFrom } from './context.js';

export function describeMessagesContract(context: ContractContext): void {
  const base = new Date('2025-01-01T00:00:00.000Z');

  describe('messages', () => {
    it('round-trips a message with its optional fields', async () => {
      const user = await context.createUser();
      const input = messageInput(user.id, 'conversation-1', {
        sender: 'GPT-4',
        text: 'The answer',
        isCreatedByUser: false,
        endpoint: 'openAI',
        model: 'gpt-4o',
        content: [{ type: 'text', text: 'The answer' }],
        finish_reason: 'stop',
        tokenCount: 12,
        files: [{ file_id: 'file-1', type: 'image/png', width: 10, height: 20 }],
        plugins: [{ latest: 'calculator' }],
        isEdited: true,
        unfinished: true,
        error: false,
      });
      const saved = await context.store.messages.upsert(input);
      expect(saved).toMatchObject(input);
      expect(saved.createdAt).toBeInstanceOf(Date);
      expect(await context.store.messages.find(user.id, input.messageId)).toEqual(saved);
      expect(await context.store.messages.find(user.id, 'missing')).toBeNull();
    });

    it('replaces by messageId and keeps createdAt', async () => {
      const user = await context.createUser();
      const input = messageInput(user.id, 'conversation-1', { createdAt: base, updatedAt: base, text: 'partial', unfinished: true });
      await context.store.messages.upsert(input);
      const replaced = await context.store.messages.upsert({ ...input, text: 'complete', unfinished: false, createdAt: minutesFrom(base, 5), updatedAt: minutesFrom(base, 5) });
      expect(replaced).toMatchObject({ text: 'complete', unfinished: false, createdAt: base, updatedAt: minutesFrom(base, 5) });
      expect(await context.store.messages.listByConversation(user.id, 'conversation-1')).toHaveLength(1);
    });

    it('lists every branch of one conversation, oldest first', async () => {
      const user = await context.createUser();
      const conversation = conversationInput(user.id);
      const question = messageInput(user.id, conversation.conversationId, { createdAt: minutesFrom(base, 0) });
      const answer = messageInput(user.id, conversation.conversationId, { parentMessageId: question.messageId, createdAt: minutesFrom(base, 1) });
      const regenerated = messageInput(user.id, conversation.conversationId, { parentMessageId: question.messageId, createdAt: minutesFrom(base, 2) });
      // Written out of order: the list orders by createdAt, not by insertion.
      for (const message of [regenerated, question, answer]) await context.store.messages.upsert(message);
      await context.store.messages.upsert(messageInput(user.id, 'another-conversation'));
      const listed = await context.store.messages.listByConversation(user.id, conversation.conversationId);
      expect(listed.map((message) => message.messageId)).toEqual([question.messageId, answer.messageId, regenerated.messageId]);
      expect(listed[1].parentMessageId).toBe(question.messageId);
    });

    it('updates the given fields and moves updatedAt', async () => {
      const user = await context.createUser();
      const input = messageInput(user.id, 'conversation-1', { createdAt: base, updatedAt: base, model: 'gpt-4o' });
      await context.store.messages.upsert(input);
      const updated = await context.store.messages.update(user.id, input.messageId, { text: 'Edited', isEdited: true, model: undefined });
      expect(updated).toMatchObject({ text: 'Edited', isEdited: true, model: 'gpt-4o', createdAt: base, conversationId: 'conversation-1' });
      expect(updated!.updatedAt.getTime()).toBeGreaterThan(base.getTime());
      expect(await context.store.messages.find(user.id, input.messageId)).toEqual(updated);
      expect(await context.store.messages.update(user.id, 'missing', { text: 'x' })).toBeNull();
    });

    it('deletes the messages of one conversation', async () => {
      const user = await context.createUser();
      await context.store.messages.upsert(messageInput(user.id, 'conversation-1'));
      await context.store.messages.upsert(messageInput(user.id, 'conversation-1'));
      await context.store.messages.upsert(messageInput(user.id, 'conversation-2'));
      expect(await context.store.messages.deleteByConversation(user.id, 'conversation-1')).toBe(2);
      expect(await context.store.messages.listByConversation(user.id, 'conversation-1')).toEqual([]);
      expect(await context.store.messages.listByConversation(user.id, 'conversation-2')).toHaveLength(1);
    });
  });
}
