import type { Document, WithId } from 'mongodb';
import type { Action, ActionsRepository } from '../repositories/actions.js';
import type { Collections } from './collections.js';
import { exportBatch, toRecord } from './documents.js';
import { retryOnDuplicate } from './duplicates.js';

export function actionDocument(action: Action): Document {
  const { user, action_id, assistant_id, metadata, createdAt, updatedAt } = action;
  return { user, action_id, assistant_id, metadata, createdAt, updatedAt };
}

const fromDocument = (document: WithId<Document>): Action => toRecord<Action>(document);

export function createActionsRepository({ actions }: Collections): ActionsRepository {
  const find = async (userId: string, actionId: string) => {
    const document = await actions.findOne({ user: userId, action_id: actionId });
    return document ? fromDocument(document) : null;
  };
  return {
    async save(action) {
      const now = new Date();
      const saved: Action = { ...action, createdAt: (await find(action.user, action.action_id))?.createdAt ?? now, updatedAt: now };
      await retryOnDuplicate(() => actions.replaceOne({ user: action.user, action_id: action.action_id }, actionDocument(saved), { upsert: true }));
      return saved;
    },
    find,
    async list(userId, assistantId) {
      const filter = assistantId === undefined ? { user: userId } : { user: userId, assistant_id: assistantId };
      return (await actions.find(filter).sort({ createdAt: 1, action_id: 1 }).toArray()).map(fromDocument);
    },
    async delete(userId, actionId) {
      return (await actions.deleteOne({ user: userId, action_id: actionId })).deletedCount > 0;
    },
    async deleteByAssistant(userId, assistantId) {
      return (await actions.deleteMany({ user: userId, assistant_id: assistantId })).deletedCount;
    },
    async exportBatch(after, limit) {
      return exportBatch(actions, after, limit, fromDocument);
    },
  };
}
