import type { Document, WithId } from 'mongodb';
import type { OneTimeToken, TokensRepository } from '../repositories/tokens.js';
import type { Collections } from './collections.js';
import { exportBatch, toRecord } from './documents.js';
import { retryOnDuplicate } from './duplicates.js';

export function tokenDocument(token: OneTimeToken): Document {
  const { userId, purpose, tokenHash, expiresAt, createdAt } = token;
  return { userId, purpose, tokenHash, expiresAt, createdAt };
}

const fromDocument = (document: WithId<Document>): OneTimeToken => toRecord<OneTimeToken>(document);

export function createTokensRepository({ tokens }: Collections): TokensRepository {
  return {
    async put(token) {
      // Unique on (user, purpose): a new reset link replaces the previous one.
      const document = tokenDocument({ ...token, createdAt: new Date() });
      await retryOnDuplicate(() => tokens.replaceOne({ userId: token.userId, purpose: token.purpose }, document, { upsert: true }));
    },
    async take(userId, purpose, tokenHash) {
      // Found and deleted in one step, so two requests cannot both use a token.
      const document = await tokens.findOneAndDelete({ userId, purpose, tokenHash });
      return document ? fromDocument(document) : null;
    },
    async deleteExpired(now) {
      return (await tokens.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
    },
    async exportBatch(after, limit) {
      return exportBatch(tokens, after, limit, fromDocument);
    },
  };
}
