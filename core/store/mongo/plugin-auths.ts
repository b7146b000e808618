import type { Document, WithId } from 'mongodb';
import type { PluginAuth, PluginAuthsRepository } from '../repositories/plugin-auths.js';
import type { Collections } from './collections.js';
import { exportBatch, toRecord } from './documents.js';
import { retryOnDuplicate } from './duplicates.js';

export function pluginAuthDocument(auth: PluginAuth): Document {
  const { userId, pluginKey, authField, value, updatedAt } = auth;
  return { userId, pluginKey, authField, value, updatedAt };
}

const fromDocument = (document: WithId<Document>): PluginAuth => toRecord<PluginAuth>(document);

export function createPluginAuthsRepository({ pluginAuths }: Collections): PluginAuthsRepository {
  return {
    async upsert(auth) {
      const { userId, pluginKey, authField } = auth;
      const document = pluginAuthDocument({ ...auth, updatedAt: new Date() });
      await retryOnDuplicate(() => pluginAuths.replaceOne({ userId, pluginKey, authField }, document, { upsert: true }));
    },
    async list(userId, pluginKey) {
      return (await pluginAuths.find({ userId, pluginKey }).sort({ authField: 1 }).toArray()).map(fromDocument);
    },
    async delete(userId, pluginKey) {
      return (await pluginAuths.deleteMany({ userId, pluginKey })).deletedCount;
    },
    async deleteAll(userId) {
      return (await pluginAuths.deleteMany({ userId })).deletedCount;
    },
    async exportBatch(after, limit) {
      return exportBatch(pluginAuths, after, limit, fromDocument);
    },
  };
}
