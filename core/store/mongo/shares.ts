import type { Document, WithId } from 'mongodb';
import type { Share, SharesRepository, ShareSummary } from '../repositories/shares.js';
import type { Collections } from './collections.js';
import { exportBatch, toRecord } from './documents.js';
import { rethrowDuplicate } from './duplicates.js';

export function shareDocument(share: Share): Document {
  const { shareId, userId, conversationId, title, messages, createdAt, updatedAt } = share;
  return { shareId, userId, conversationId, title, messages, messageCount: messages.length, createdAt, updatedAt };
}

const fromDocument = (document: WithId<Document>): Share => toRecord<Share>(document, ['messageCount']);
const summaryFromDocument = (document: WithId<Document>): ShareSummary => toRecord<ShareSummary>(document);
/** The list never reads the snapshots. */
const summaryProjection = { messages: 0 };

export function createSharesRepository({ shares }: Collections): SharesRepository {
  return {
    async create(input) {
      const now = new Date();
      const share: Share = { ...input, createdAt: now, updatedAt: now };
      await rethrowDuplicate(() => shares.insertOne(shareDocument(share)), 'This conversation already has a shared link');
      return share;
    },
    async update(userId, shareId, { title, messages }) {
      const document = await shares.findOneAndUpdate(
        { userId, shareId },
        // $literal: user text is data, never an operator or a field path.
        [{ $set: { title: { $literal: title }, messages: { $literal: messages }, messageCount: messages.length, updatedAt: new Date() } }],
        { returnDocument: 'after' },
      );
      return document ? fromDocument(document) : null;
    },
    async find(shareId) {
      const document = await shares.findOne({ shareId });
      return document ? fromDocument(document) : null;
    },
    async findByConversation(userId, conversationId) {
      const document = await shares.findOne({ userId, conversationId }, { projection: summaryProjection });
      return document ? summaryFromDocument(document) : null;
    },
    async list(userId, { offset, limit }) {
      const [documents, total] = await Promise.all([
        shares.find({ userId }, { projection: summaryProjection }).sort({ createdAt: -1, _id: -1 }).skip(offset).limit(limit).toArray(),
        shares.countDocuments({ userId }),
      ]);
      return { items: documents.map(summaryFromDocument), total };
    },
    async delete(userId, shareId) {
      return (await shares.deleteOne({ userId, shareId })).deletedCount > 0;
    },
    async exportBatch(after, limit) {
      return exportBatch(shares, after, limit, fromDocument);
    },
  };
}
