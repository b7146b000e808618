import type { Document, WithId } from 'mongodb';
import type { FilesRepository, StoredFile } from '../repositories/files.js';
import type { Collections } from './collections.js';
import { exportBatch, replaceKeepingCreatedAt, toRecord } from './documents.js';
import { passageSearchChanges } from './document-chunks.js';
import { retryOnDuplicate } from './duplicates.js';
import type { RecordSearchChanges } from './search-outbox.js';

export function fileDocument(file: StoredFile): Document {
  const { file_id, user, filename, filepath, type, bytes, source, context, embedded, width, height, conversationId, temp_file_id, createdAt, updatedAt } = file;
  return {
    file_id, user, filename, filepath, type, bytes, source, context,
    embedded: embedded ?? false,
    width: width ?? null,
    height: height ?? null,
    conversationId: conversationId ?? null,
    temp_file_id: temp_file_id ?? null,
    createdAt, updatedAt,
  };
}

const fromDocument = (document: WithId<Document>): StoredFile => toRecord<StoredFile>(document);

export function createFilesRepository({ files, documentTexts, documentChunks }: Collections, recordSearchChanges: RecordSearchChanges): FilesRepository {
  return {
    async upsert(input) {
      const now = new Date();
      const document = fileDocument({ ...input, createdAt: now, updatedAt: now });
      const saved = await retryOnDuplicate(() =>
        files.findOneAndUpdate({ user: input.user, file_id: input.file_id }, replaceKeepingCreatedAt(document, now), { upsert: true, returnDocument: 'after' }),
      );
      return fromDocument(saved!);
    },
    async find(userId, fileId) {
      const document = await files.findOne({ user: userId, file_id: fileId });
      return document ? fromDocument(document) : null;
    },
    async list(userId) {
      return (await files.find({ user: userId }).sort({ createdAt: -1, _id: -1 }).toArray()).map(fromDocument);
    },
    async delete(userId, fileIds) {
      const ids = [...new Set(fileIds)];
      if (ids.length === 0) return 0;
      // A file's passages go with it, as SQLite's ON DELETE CASCADE does; first, so none outlives its record.
      await documentChunks.deleteMany({ user: userId, file_id: { $in: ids } });
      const indexed = (await documentTexts.deleteMany({ user: userId, file_id: { $in: ids } })).deletedCount;
      const deleted = (await files.deleteMany({ user: userId, file_id: { $in: ids } })).deletedCount;
      if (indexed > 0) await recordSearchChanges(passageSearchChanges(userId, ids));
      return deleted;
    },
    async clearTemporaryIds(userId, fileIds) {
      const ids = [...new Set(fileIds)];
      if (ids.length === 0) return;
      await files.updateMany({ user: userId, file_id: { $in: ids }, temp_file_id: { $ne: null } }, { $set: { temp_file_id: null, updatedAt: new Date() } });
    },
    async exportBatch(after, limit) {
      return exportBatch(files, after, limit, fromDocument);
    },
  };
}
