import type { Document, WithId } from 'mongodb';
import type { RefreshSession, SessionsRepository } from '../repositories/sessions.js';
import type { Collections } from './collections.js';
import { exportBatch, toRecord } from './documents.js';
import { rethrowDuplicate } from './duplicates.js';

export function sessionDocument(session: RefreshSession): Document {
  const { id, userId, familyId, tokenHash, expiresAt, rotatedAt, createdAt } = session;
  return { id, userId, familyId, tokenHash, expiresAt, rotatedAt, createdAt };
}

const fromDocument = (document: WithId<Document>): RefreshSession => toRecord<RefreshSession>(document);

export function createSessionsRepository({ sessions }: Collections): SessionsRepository {
  return {
    async create(input) {
      const session: RefreshSession = { ...input, rotatedAt: null, createdAt: new Date() };
      await rethrowDuplicate(() => sessions.insertOne(sessionDocument(session)), 'This refresh session already exists');
      return sessionDocument(session) as RefreshSession;
    },
    async findByTokenHash(tokenHash) {
      const document = await sessions.findOne({ tokenHash });
      return document ? fromDocument(document) : null;
    },
    async markRotated(id, at) {
      // The null guard makes the check and the write one step: of two concurrent refreshes, one wins.
      const result = await sessions.updateOne({ id, rotatedAt: null }, { $set: { rotatedAt: at } });
      return result.modifiedCount === 1;
    },
    async deleteFamily(familyId) {
      return (await sessions.deleteMany({ familyId })).deletedCount;
    },
    async deleteByUser(userId) {
      return (await sessions.deleteMany({ userId })).deletedCount;
    },
    async deleteExpired(now) {
      return (await sessions.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
    },
    async exportBatch(after, limit) {
      return exportBatch(sessions, after, limit, fromDocument);
    },
  };
}
