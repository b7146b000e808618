import { describe, expect, it } from 'vitest';
import type { Conversation } from '../repositories/conversations.js';
import type { Message } from '../repositories/messages.js';
import { type ContractContext, conversationInput, messageInput } from './context.js';

export function describeImportsContract(context: ContractContext): void {
  const at = new Date('2024-03-01T10:00:00.000Z');
  const treeOf = (userId: string, conversationId: string): { conversation: Conversation; messages: Message[] } => ({
    conversation: { ...conversationInput(userId, { conversationId, title: 'Imported', model: 'gpt-4o' }), createdAt: at, updatedAt: at },
    messages: [
      { ...messageInput(userId, conversationId, { messageId: `${conversationId}-1`, text: 'question about quasars' }), createdAt: at, updatedAt: at },
      {
        ...messageInput(userId, conversationId, { messageId: `${conversationId}-2`, parentMessageId: `${conversationId}-1`, text: 'answer', isCreatedByUser: false }),
        createdAt: at,
        updatedAt: at,
      },
    ],
  });

  describe('conversations.insertWithMessages', () => {
    it('writes the conversation and its messages with their own timestamps', async () => {
      const user = await context.createUser();
      const { conversation, messages } = treeOf(user.id, 'imported-1');
      expect(await context.store.conversations.insertWithMessages(conversation, messages)).toBe(true);
      expect(await context.store.conversations.find(user.id, 'imported-1')).toMatchObject({ title: 'Imported', model: 'gpt-4o', createdAt: at, updatedAt: at });
      const stored = await context.store.messages.listByConversation(user.id, 'imported-1');
      expect(stored.map((message) => [message.messageId, message.parentMessageId, message.createdAt])).toEqual([
        ['imported-1-1', messages[0]!.parentMessageId, at],
        ['imported-1-2', 'imported-1-1', at],
      ]);
    });

    it('writes nothing and answers false when the conversation exists', async () => {
      const user = await context.createUser();
      const first = treeOf(user.id, 'imported-2');
      await context.store.conversations.insertWithMessages(first.conversation, first.messages);
      const again = treeOf(user.id, 'imported-2');
      again.conversation.title = 'Changed';
      again.messages[0]!.text = 'changed';
      expect(await context.store.conversations.insertWithMessages(again.conversation, again.messages)).toBe(false);
      expect((await context.store.conversations.find(user.id, 'imported-2'))?.title).toBe('Imported');
      expect((await context.store.messages.find(user.id, 'imported-2-1'))?.text).toBe('question about quasars');
    });

    it('replaces messages an interrupted write left without their conversation', async () => {
      const user = await context.createUser();
      await context.store.messages.upsert(messageInput(user.id, 'imported-3', { messageId: 'leftover', text: 'half written' }));
      const { conversation, messages } = treeOf(user.id, 'imported-3');
      expect(await context.store.conversations.insertWithMessages(conversation, messages)).toBe(true);
      expect((await context.store.messages.listByConversation(user.id, 'imported-3')).map((message) => message.messageId)).toEqual(['imported-3-1', 'imported-3-2']);
    });

    it('keeps the same ids of another user apart', async () => {
      const owner = await context.createUser();
      const other = await context.createUser();
      const mine = treeOf(owner.id, 'shared-id');
      await context.store.conversations.insertWithMessages(mine.conversation, mine.messages);
      const theirs = treeOf(other.id, 'shared-id');
      expect(await context.store.conversations.insertWithMessages(theirs.conversation, theirs.messages)).toBe(true);
      expect(await context.store.messages.listByConversation(owner.id, 'shared-id')).toHaveLength(2);
    });
  });
}
