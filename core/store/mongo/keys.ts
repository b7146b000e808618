import type { Document, WithId } from 'mongodb';
import type { KeysRepository, UserKey } from '../repositories/keys.js';
import type { Collections } from './collections.js';
import { exportBatch, toRecord } from './documents.js';
import { retryOnDuplicate } from './duplicates.js';

export function keyDocument(key: UserKey): Document {
  const { userId, name, value, expiresAt, updatedAt } = key;
  return { userId, name, value, expiresAt: expiresAt ?? null, updatedAt };
}

const fromDocument = (document: WithId<Document>): UserKey => toRecord<UserKey>(document);

export function createKeysRepository({ keys }: Collections): KeysRepository {
  return {
    async upsert(key) {
      const document = keyDocument({ ...key, updatedAt: new Date() });
      await retryOnDuplicate(() => keys.replaceOne({ userId: key.userId, name: key.name }, document, { upsert: true }));
    },
    async find(userId, name) {
      // Expired keys are returned too: the caller reports when a key expired rather than that none exists.
      const document = await keys.findOne({ userId, name });
      return document ? fromDocument(document) : null;
    },
    async list(userId) {
      return (await keys.find({ userId }).sort({ name: 1 }).toArray()).map(fromDocument);
    },
    async delete(userId, name) {
      return (await keys.deleteOne({ userId, name })).deletedCount > 0;
    },
    async deleteAll(userId) {
      return (await keys.deleteMany({ userId })).deletedCount;
    },
    async deleteExpired(now) {
      return (await keys.deleteMany({ expiresAt: { $ne: null, $lte: now } })).deletedCount;
    },
    async exportBatch(after, limit) {
      return exportBatch(keys, after, limit, fromDocument);
    },
  };
}
