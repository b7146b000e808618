import type { Document, WithId } from 'mongodb';
import type { Ban, BansRepository } from '../repositories/bans.js';
import type { Collections } from './collections.js';
import { exportBatch, toRecord } from './documents.js';
import { retryOnDuplicate } from './duplicates.js';

export function banDocument(ban: Ban): Document {
  const { key, reason, expiresAt, createdAt } = ban;
  return { key, reason, expiresAt, createdAt };
}

const fromDocument = (document: WithId<Document>): Ban => toRecord<Ban>(document);

// Before any real date: a count with no last violation always restarts.
const longAgo = new Date(-8.64e15);

/**
 * One update pipeline decides restart-or-increment from the stored values and writes, so
 * concurrent violations are all counted (each stage sees the document as it was before the stage).
 */
function violationPipeline(intervalMs: number, now: Date): Document[] {
  const sinceLast = { $subtract: [{ $literal: now }, { $ifNull: ['$lastAt', { $literal: longAgo }] }] };
  return [
    {
      $set: {
        count: { $cond: [{ $gt: [sinceLast, intervalMs] }, 1, { $add: [{ $ifNull: ['$count', 0] }, 1] }] },
        lastAt: { $literal: now },
      },
    },
  ];
}

export function createBansRepository({ bans, violations }: Collections): BansRepository {
  return {
    async put(ban) {
      await retryOnDuplicate(() => bans.replaceOne({ key: ban.key }, banDocument({ ...ban, createdAt: new Date() }), { upsert: true }));
    },
    async find(key, now) {
      const document = await bans.findOne({ key, expiresAt: { $gt: now } });
      return document ? fromDocument(document) : null;
    },
    async delete(key) {
      return (await bans.deleteOne({ key })).deletedCount > 0;
    },
    async addViolation(key, type, intervalMs, now) {
      const document = await retryOnDuplicate(() =>
        violations.findOneAndUpdate({ key, type }, violationPipeline(intervalMs, now), { upsert: true, returnDocument: 'after' }),
      );
      return Number(document!.count);
    },
    async clearViolations(key) {
      await violations.deleteMany({ key });
    },
    async deleteExpired(now) {
      return (await bans.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
    },
    async exportBatch(after, limit) {
      return exportBatch(bans, after, limit, fromDocument);
    },
  };
}
