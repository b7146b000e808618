import type { Document, WithId } from 'mongodb';
import type { Assistant, AssistantsRepository } from '../repositories/assistants.js';
import type { Collections } from './collections.js';
import { exportBatch, mergeFields, toRecord } from './documents.js';
import { retryOnDuplicate } from './duplicates.js';

export function assistantDocument(assistant: Assistant): Document {
  const { id, user, name, description, instructions, model, tools, file_ids, metadata, createdAt, updatedAt } = assistant;
  return { id, user, name, description, instructions, model, tools, file_ids, metadata, createdAt, updatedAt };
}

const fromDocument = (document: WithId<Document>): Assistant => toRecord<Assistant>(document);

export function createAssistantsRepository({ assistants }: Collections): AssistantsRepository {
  const find = async (userId: string, id: string) => {
    const document = await assistants.findOne({ user: userId, id });
    return document ? fromDocument(document) : null;
  };

  return {
    async create(input) {
      const now = new Date();
      const assistant = { ...input, createdAt: now, updatedAt: now };
      await retryOnDuplicate(() => assistants.insertOne(assistantDocument(assistant)));
      return assistant;
    },
    find,
    async update(userId, id, patch) {
      const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      // mergeFields keeps user text (metadata keys, instructions) as data, never as operators or paths.
      const updated = await assistants.findOneAndUpdate({ user: userId, id }, mergeFields({ ...changes, updatedAt: new Date() }), { returnDocument: 'after' });
      return updated ? fromDocument(updated) : null;
    },
    async delete(userId, id) {
      return (await assistants.deleteOne({ user: userId, id })).deletedCount > 0;
    },
    async list(userId, query) {
      const cursorId = query.after ?? query.before;
      const cursor = cursorId === undefined ? undefined : await find(userId, cursorId);
      if (cursor === null) return null;
      // Reading towards older assistants: desc paging after a cursor, or asc paging before one.
      const older = (query.order === 'desc') === (query.before === undefined);
      const filter: Document = { user: userId };
      if (cursor) {
        const compare = older ? '$lt' : '$gt';
        filter.$or = [{ createdAt: { [compare]: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { [compare]: cursor.id } }];
      }
      const ids: Document = {};
      if (query.onlyIds) ids.$in = [...query.onlyIds];
      if (query.exceptIds) ids.$nin = [...query.exceptIds];
      if (query.onlyIds || query.exceptIds) filter.id = ids;
      const direction = older ? -1 : 1;
      const documents = await assistants.find(filter).sort({ createdAt: direction, id: direction }).limit(query.limit + 1).toArray();
      const items = documents.slice(0, query.limit).map(fromDocument);
      // A `before` page was read backwards from its cursor: turn it back into the asked order.
      if (query.before !== undefined) items.reverse();
      return { items, hasMore: documents.length > query.limit };
    },
    async exportBatch(after, limit) {
      return exportBatch(assistants, after, limit, fromDocument);
    },
  };
}
