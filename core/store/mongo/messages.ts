import type { Document, WithId } from 'mongodb';
import type { Message, MessagesRepository } from '../repositories/messages.js';
import type { Collections } from './collections.js';
import { definedFields, exportBatch, mergeFields, replaceKeepingCreatedAt, toRecord } from './documents.js';
import { retryOnDuplicate } from './duplicates.js';
import type { RecordSearchChanges } from './search-outbox.js';

/** A message is stored flat; the flags a loosely typed caller may leave out default to false, as in SQLite. */
export function messageDocument(message: Message): Document {
  return definedFields({
    ...message,
    isCreatedByUser: message.isCreatedByUser ?? false,
    error: message.error ?? false,
    unfinished: message.unfinished ?? false,
  });
}

const fromDocument = (document: WithId<Document>): Message => toRecord<Message>(document);

export function createMessagesRepository({ messages }: Collections, recordSearchChanges: RecordSearchChanges): MessagesRepository {
  const changed = (userId: string, messageId: string) => recordSearchChanges([{ index: 'messages', kind: 'document', userId, documentId: messageId }]);

  return {
    async upsert(input) {
      const now = new Date();
      const message = messageDocument({ ...input, createdAt: input.createdAt ?? now, updatedAt: input.updatedAt ?? now });
      const saved = await retryOnDuplicate(() =>
        messages.findOneAndUpdate({ user: input.user, messageId: input.messageId }, replaceKeepingCreatedAt(message, message.createdAt), {
          upsert: true,
          returnDocument: 'after',
        }),
      );
      await changed(input.user, input.messageId);
      return fromDocument(saved!);
    },
    async find(userId, messageId) {
      const document = await messages.findOne({ user: userId, messageId });
      return document ? fromDocument(document) : null;
    },
    async listByConversation(userId, conversationId) {
      // _id keeps insertion order among messages written in the same millisecond.
      const documents = await messages.find({ user: userId, conversationId }).sort({ createdAt: 1, _id: 1 }).toArray();
      return documents.map(fromDocument);
    },
    async update(userId, messageId, patch) {
      const { messageId: _id, conversationId: _conversationId, user: _user, createdAt: _createdAt, ...changes } = patch as Partial<Message>;
      const fields = { ...definedFields(changes), updatedAt: changes.updatedAt ?? new Date() };
      const document = await messages.findOneAndUpdate({ user: userId, messageId }, mergeFields(fields), { returnDocument: 'after' });
      if (!document) return null;
      await changed(userId, messageId);
      return fromDocument(document);
    },
    async deleteByConversation(userId, conversationId) {
      const { deletedCount } = await messages.deleteMany({ user: userId, conversationId });
      if (deletedCount > 0) await recordSearchChanges([{ index: 'messages', kind: 'conversation', userId, documentId: conversationId }]);
      return deletedCount;
    },
    async exportBatch(after, limit) {
      return exportBatch(messages, after, limit, fromDocument);
    },
  };
}
