import type { DocumentChunksRepository } from '../repositories/document-chunks.js';
import type { Collections } from './collections.js';
import { rankChunks } from './rank-chunks.js';

/**
 * Documents' texts and chunks in two collections. The text goes last and is what marks a document
 * as indexed, so a write interrupted half-way leaves nothing a turn would read.
 */
export function createDocumentChunksRepository({ documentTexts, documentChunks }: Collections): DocumentChunksRepository {
  return {
    async replace({ userId, fileId, fileName, text, chunks }) {
      await documentTexts.deleteOne({ user: userId, file_id: fileId });
      await documentChunks.deleteMany({ user: userId, file_id: fileId });
      if (chunks.length > 0) await documentChunks.insertMany(chunks.map((chunk, position) => ({ user: userId, file_id: fileId, position, text: chunk })));
      await documentTexts.insertOne({ user: userId, file_id: fileId, fileName, text });
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
      await documentTexts.deleteMany({ user: userId, file_id: { $in: ids } });
      await documentChunks.deleteMany({ user: userId, file_id: { $in: ids } });
    },
  };
}
