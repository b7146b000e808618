import type { Document, WithId } from 'mongodb';
import type { Conversation, ConversationsRepository } from '../repositories/conversations.js';
import type { SearchOutboxChange } from '../repositories/search-outbox.js';
import type { Collections } from './collections.js';
import { definedFields, exportBatch, mergeFields, replaceKeepingCreatedAt, toRecord } from './documents.js';
import { isDuplicateKey, retryOnDuplicate } from './duplicates.js';
import { messageDocument } from './messages.js';
import type { RecordSearchChanges } from './search-outbox.js';

/** A conversation is stored flat, every option as its own field (absent options stay absent). */
export function conversationDocument(conversation: Conversation): Document {
  return definedFields(conversation);
}

/** Every search document of a user went (deleteAll, the user cascade). */
export function userSearchChanges(userId: string): SearchOutboxChange[] {
  return [
    { index: 'convos', kind: 'user', userId, documentId: userId },
    { index: 'messages', kind: 'user', userId, documentId: userId },
  ];
}

const fromDocument = (document: WithId<Document>): Conversation => toRecord<Conversation>(document);

export function createConversationsRepository({ conversations, messages, shares }: Collections, recordSearchChanges: RecordSearchChanges): ConversationsRepository {
  const changed = (userId: string, conversationId: string) => recordSearchChanges([{ index: 'convos', kind: 'document', userId, documentId: conversationId }]);

  return {
    async upsert(input) {
      const now = new Date();
      const conversation = conversationDocument({ ...input, createdAt: input.createdAt ?? now, updatedAt: input.updatedAt ?? now });
      const saved = await retryOnDuplicate(() =>
        conversations.findOneAndUpdate({ user: input.user, conversationId: input.conversationId }, replaceKeepingCreatedAt(conversation, conversation.createdAt), {
          upsert: true,
          returnDocument: 'after',
        }),
      );
      await changed(input.user, input.conversationId);
      return fromDocument(saved!);
    },
    async find(userId, conversationId) {
      const document = await conversations.findOne({ user: userId, conversationId });
      return document ? fromDocument(document) : null;
    },
    async insertWithMessages(conversation, messageRecords) {
      const { user: userId, conversationId } = conversation;
      if (await conversations.findOne({ user: userId, conversationId })) return false;
      // No transaction on a standalone MongoDB: messages first, the conversation last, so the
      // conversation (what lists and imports look for) appears only once all of it is written; a
      // failure removes what was written, and leftovers of a crash are cleared by the next attempt.
      try {
        await messages.deleteMany({ user: userId, conversationId });
        if (messageRecords.length > 0) await messages.insertMany(messageRecords.map(messageDocument), { ordered: true });
        await conversations.insertOne(conversationDocument(conversation));
      } catch (error) {
        // A duplicate is a concurrent import of the same conversation: the same ids and content, so its writes stay.
        if (isDuplicateKey(error)) return false;
        await messages.deleteMany({ user: userId, conversationId }).catch(() => undefined);
        throw error;
      }
      await recordSearchChanges([
        { index: 'convos', kind: 'document', userId, documentId: conversationId },
        ...messageRecords.map((message) => ({ index: 'messages' as const, kind: 'document' as const, userId, documentId: message.messageId })),
      ]);
      return true;
    },
    async list(userId, { offset, limit }) {
      // Served by the (user, updatedAt desc) index; conversationId breaks ties so pages never overlap.
      const [documents, total] = await Promise.all([
        conversations.find({ user: userId }).sort({ updatedAt: -1, conversationId: -1 }).skip(offset).limit(limit).toArray(),
        conversations.countDocuments({ user: userId }),
      ]);
      return { items: documents.map(fromDocument), total };
    },
    async update(userId, conversationId, patch) {
      const { conversationId: _id, user: _user, createdAt: _createdAt, ...changes } = patch as Partial<Conversation>;
      const fields = { ...definedFields(changes), updatedAt: changes.updatedAt ?? new Date() };
      const document = await conversations.findOneAndUpdate({ user: userId, conversationId }, mergeFields(fields), { returnDocument: 'after' });
      if (!document) return null;
      await changed(userId, conversationId);
      return fromDocument(document);
    },
    async delete(userId, conversationIds) {
      const ids = [...new Set(conversationIds)];
      if (ids.length === 0) return 0;
      // Messages first: an interrupted delete leaves a conversation to delete again, never messages nobody can list.
      await messages.deleteMany({ user: userId, conversationId: { $in: ids } });
      // Their shared links go with them, as SQLite's foreign key does.
      await shares.deleteMany({ userId, conversationId: { $in: ids } });
      const { deletedCount } = await conversations.deleteMany({ user: userId, conversationId: { $in: ids } });
      await recordSearchChanges(
        ids.flatMap((conversationId) => [
          { index: 'convos' as const, kind: 'document' as const, userId, documentId: conversationId },
          { index: 'messages' as const, kind: 'conversation' as const, userId, documentId: conversationId },
        ]),
      );
      return deletedCount;
    },
    async deleteAll(userId) {
      await messages.deleteMany({ user: userId });
      await shares.deleteMany({ userId });
      const { deletedCount } = await conversations.deleteMany({ user: userId });
      await recordSearchChanges(userSearchChanges(userId));
      return deletedCount;
    },
    async exportBatch(after, limit) {
      return exportBatch(conversations, after, limit, fromDocument);
    },
  };
}
