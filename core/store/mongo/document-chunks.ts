import type { Document } from 'mongodb';
import type { DocumentChunksInput, DocumentChunksRepository } from '../repositories/document-chunks.js';
import type { SearchOutboxChange } from '../repositories/search-outbox.js';
import type { Collections } from './collections.js';
import { exportBatch } from './documents.js';
import { rankChunks } from './rank-chunks.js';
import type { RecordSearchChanges } from './search-outbox.js';

/** The documentTexts document of an indexed document: what marks it as indexed. */
export function documentTextDocument({ userId, fileId, fileName, text }: DocumentChunksInput): Document {
  return { user: userId, file_id: fileId, fileName, text };
}

/** Its documentChunks documents, numbered in document order. */
export function chunkDocuments({ userId, fileId, chunks }: DocumentChunksInput): Document[] {
  return chunks.map((chunk, position) => ({ user: userId, file_id: fileId, position, text: chunk }));
}

const documentKey = (user: unknown, fileId: unknown) => JSON.stringify([user, fileId]);

/** The passages of these documents changed (written or gone): Meilisearch re-reads each whole from the store. */
export function passageSearchChanges(userId: string, fileIds: readonly string[]): SearchOutboxChange[] {
  return fileIds.map((fileId) => ({ index: 'document_chunks', kind: 'document', userId, documentId: fileId }));
}

/**
 * Documents' texts and chunks in two collections. The text goes last and is what marks a document
 * as indexed, so a write interrupted half-way leaves nothing a turn would read.
 */
export function createDocumentChunksRepository({ documentTexts, documentChunks }: Collections, recordSearchChanges: RecordSearchChanges): DocumentChunksRepository {
  return {
    async replace(document) {
      const { userId, fileId } = document;
      await documentTexts.deleteOne({ user: userId, file_id: fileId });
      await documentChunks.deleteMany({ user: userId, file_id: fileId });
      const chunks = chunkDocuments(document);
      if (chunks.length > 0) await documentChunks.insertMany(chunks);
      await documentTexts.insertOne(documentTextDocument(document));
      await recordSearchChanges(passageSearchChanges(userId, [fileId]));
    },
    async read(userId, fileId) {
      const document = await documentTexts.findOne({ user: userId, file_id: fileId });
      if (!document) return null;
      const chunks = await documentChunks.find({ user: userId, file_id: fileId }).sort({ position: 1 }).toArray();
      return { userId, fileId, fileName: String(document.fileName), text: String(document.text), chunks: chunks.map((chunk) => String(chunk.text)) };
    },
    async wholeText(userId, fileId) {
      const document = await documentTexts.findOne({ user: userId, file_id: fileId }, { projection: { text: 1 } });
      return typeof document?.text === 'string' ? document.text : null;
    },
    async search({ userId, fileIds, terms, limit }) {
      if (fileIds.length === 0 || terms.length === 0 || limit <= 0) return [];
      const ids = [...new Set(fileIds)];
      const names = new Map((await documentTexts.find({ user: userId, file_id: { $in: ids } }, { projection: { file_id: 1, fileName: 1 } }).toArray()).map((document) => [String(document.file_id), String(document.fileName)]));
      const chunks = (await documentChunks.find({ user: userId, file_id: { $in: [...names.keys()] } }).sort({ file_id: 1, position: 1 }).toArray()).map((document) => ({
        fileId: String(document.file_id),
        text: String(document.text),
      }));
      return rankChunks(chunks, terms)
        .slice(0, limit)
        .map(({ chunk, score }) => ({ fileId: chunk.fileId, fileName: names.get(chunk.fileId)!, text: chunk.text, score }));
    },
    async remove(userId, fileIds) {
      const ids = [...new Set(fileIds)];
      if (ids.length === 0) return;
      const { deletedCount } = await documentTexts.deleteMany({ user: userId, file_id: { $in: ids } });
      await documentChunks.deleteMany({ user: userId, file_id: { $in: ids } });
      if (deletedCount > 0) await recordSearchChanges(passageSearchChanges(userId, ids));
    },
    async exportBatch(after, limit) {
      const batch = await exportBatch(documentTexts, after, limit, (document) => document);
      if (batch.items.length === 0) return { items: [], next: batch.next };
      // One query for the whole batch's chunks, grouped back by document.
      const owners = batch.items.map((document) => ({ user: document.user, file_id: document.file_id }));
      const chunksByDocument = new Map<string, string[]>();
      for (const chunk of await documentChunks.find({ $or: owners }).sort({ user: 1, file_id: 1, position: 1 }).toArray()) {
        const key = documentKey(chunk.user, chunk.file_id);
        const texts = chunksByDocument.get(key) ?? [];
        texts.push(String(chunk.text));
        chunksByDocument.set(key, texts);
      }
      return {
        items: batch.items.map((document) => ({
          userId: String(document.user),
          fileId: String(document.file_id),
          fileName: String(document.fileName),
          text: String(document.text),
          chunks: chunksByDocument.get(documentKey(document.user, document.file_id)) ?? [],
        })),
        next: batch.next,
      };
    },
  };
}
