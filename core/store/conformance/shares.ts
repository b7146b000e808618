import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DuplicateError } from '../../errors/index.js';
import type { SharedMessage } from '../repositories/shares.js';
import { type ContractContext, conversationInput, pause, rootMessageId } from './context.js';

function sharedMessage(text: string, overrides: Partial<SharedMessage> = {}): SharedMessage {
  return {
    messageId: randomBytes(8).toString('hex'),
    parentMessageId: rootMessageId,
    sender: 'User',
    text,
    isCreatedByUser: true,
    error: false,
    unfinished: false,
    model: null,
    endpoint: null,
    images: [],
    attachmentCount: 0,
    createdAt: new Date('2026-01-02T03:04:05.678Z'),
    ...overrides,
  };
}

const newShareId = () => randomBytes(16).toString('base64url');

export function describeSharesContract(context: ContractContext): void {
  async function sharedConversation(title = 'Shared chat') {
    const user = await context.createUser();
    const conversation = await context.store.conversations.upsert(conversationInput(user.id, { title }));
    const images = [{ imageId: randomUUID(), fileId: 'file-1', type: 'image/png', width: 640, height: null }];
    const messages = [sharedMessage('Hello', { images, attachmentCount: 1 }), sharedMessage('Hi there', { isCreatedByUser: false, sender: 'GPT-4o', model: 'gpt-4o', endpoint: 'openAI' })];
    messages[1].parentMessageId = messages[0].messageId;
    const share = await context.store.shares.create({ shareId: newShareId(), userId: user.id, conversationId: conversation.conversationId, title, messages });
    return { user, conversation, messages, share };
  }

  describe('shares', () => {
    it('stores a snapshot and reads it back by the link alone, dates and all', async () => {
      const { user, conversation, messages, share } = await sharedConversation();
      expect(share).toEqual({ shareId: share.shareId, userId: user.id, conversationId: conversation.conversationId, title: 'Shared chat', messages, createdAt: expect.any(Date), updatedAt: expect.any(Date) });
      const found = await context.store.shares.find(share.shareId);
      expect(found).toEqual(share);
      expect(found!.messages[0].createdAt).toBeInstanceOf(Date);
      expect(await context.store.shares.find(newShareId())).toBeNull();
    });

    it('allows one link per conversation', async () => {
      const { user, conversation } = await sharedConversation();
      const again = context.store.shares.create({ shareId: newShareId(), userId: user.id, conversationId: conversation.conversationId, title: 'x', messages: [] });
      await expect(again).rejects.toBeInstanceOf(DuplicateError);
    });

    it('replaces the snapshot on update, for the owner only', async () => {
      const { user, share } = await sharedConversation();
      const stranger = await context.createUser();
      await pause();
      const replacement = [sharedMessage('Only this now')];
      expect(await context.store.shares.update(stranger.id, share.shareId, { title: 'Hijacked', messages: [] })).toBeNull();
      const updated = await context.store.shares.update(user.id, share.shareId, { title: 'Renamed', messages: replacement });
      expect(updated).toMatchObject({ shareId: share.shareId, title: 'Renamed', messages: replacement, createdAt: share.createdAt });
      expect(updated!.updatedAt.getTime()).toBeGreaterThan(share.updatedAt.getTime());
      expect(await context.store.shares.find(share.shareId)).toEqual(updated);
    });

    it('lists the owner’s links newest first without their messages, and finds one by conversation', async () => {
      const first = await sharedConversation('First');
      await pause();
      const secondConversation = await context.store.conversations.upsert(conversationInput(first.user.id, { title: 'Second' }));
      const second = await context.store.shares.create({ shareId: newShareId(), userId: first.user.id, conversationId: secondConversation.conversationId, title: 'Second', messages: [sharedMessage('x')] });
      const other = await sharedConversation('Not mine');

      const page = await context.store.shares.list(first.user.id, { offset: 0, limit: 1 });
      expect(page.total).toBe(2);
      expect(page.items).toEqual([{ shareId: second.shareId, userId: first.user.id, conversationId: secondConversation.conversationId, title: 'Second', messageCount: 1, createdAt: second.createdAt, updatedAt: second.updatedAt }]);
      expect((await context.store.shares.list(first.user.id, { offset: 1, limit: 5 })).items.map((share) => share.title)).toEqual(['First']);

      expect(await context.store.shares.findByConversation(first.user.id, first.conversation.conversationId)).toMatchObject({ shareId: first.share.shareId, messageCount: 2 });
      expect(await context.store.shares.findByConversation(first.user.id, other.conversation.conversationId)).toBeNull();
    });

    it('revokes for the owner only', async () => {
      const { user, share } = await sharedConversation();
      const stranger = await context.createUser();
      expect(await context.store.shares.delete(stranger.id, share.shareId)).toBe(false);
      expect(await context.store.shares.find(share.shareId)).not.toBeNull();
      expect(await context.store.shares.delete(user.id, share.shareId)).toBe(true);
      expect(await context.store.shares.find(share.shareId)).toBeNull();
      expect(await context.store.shares.delete(user.id, share.shareId)).toBe(false);
    });

    it('goes with its conversation, with all of the user’s conversations, and with the user', async () => {
      const one = await sharedConversation();
      const kept = await sharedConversation();
      await context.store.conversations.delete(one.user.id, [one.conversation.conversationId]);
      expect(await context.store.shares.find(one.share.shareId)).toBeNull();

      const two = await sharedConversation();
      await context.store.conversations.deleteAll(two.user.id);
      expect(await context.store.shares.find(two.share.shareId)).toBeNull();

      const three = await sharedConversation();
      await context.store.users.delete(three.user.id);
      expect(await context.store.shares.find(three.share.shareId)).toBeNull();
      expect(await context.store.shares.find(kept.share.shareId)).not.toBeNull();
    });

    it('exports every link in insertion order, a batch at a time', async () => {
      const shares = [];
      for (let index = 0; index < 3; index++) shares.push((await sharedConversation(`Chat ${index}`)).share);
      const first = await context.store.shares.exportBatch(null, 2);
      expect(first.items.map((share) => share.title)).toEqual(['Chat 0', 'Chat 1']);
      const second = await context.store.shares.exportBatch(first.next, 2);
      expect(second).toEqual({ items: [shares[2]], next: null });
    });
  });
}
