import type { DocumentChunksRepository } from '../repositories/document-chunks.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';

/** Any of the words, each quoted so nothing in it is FTS5 syntax; scoped to the owner's postings (see migration 004). */
function chunkMatch(userId: string, terms: readonly string[]): string {
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  return `user_id : ${quote(userId)} AND - user_id : (${terms.map(quote).join(' OR ')})`;
}

export function createDocumentChunksRepository({ database, transaction }: SqliteConnection): DocumentChunksRepository {
  const statements = {
    removeText: database.prepare<[string, string]>('DELETE FROM document_texts WHERE user_id = ? AND file_id = ?'),
    insertText: database.prepare<[string, string, string, string]>('INSERT INTO document_texts (user_id, file_id, file_name, text) VALUES (?, ?, ?, ?)'),
    insertChunk: database.prepare<[string, string, number, string]>('INSERT INTO document_chunks (user_id, file_id, position, text) VALUES (?, ?, ?, ?)'),
    wholeText: database.prepare<[string, string], { text: string }>('SELECT text FROM document_texts WHERE user_id = ? AND file_id = ?'),
    document: database.prepare<[string, string], { file_name: string; text: string }>('SELECT file_name, text FROM document_texts WHERE user_id = ? AND file_id = ?'),
    chunks: database.prepare<[string, string], { text: string }>('SELECT text FROM document_chunks WHERE user_id = ? AND file_id = ? ORDER BY position'),
  };

  return {
    async replace({ userId, fileId, fileName, text, chunks }) {
      transaction(() => {
        statements.removeText.run(userId, fileId);
        statements.insertText.run(userId, fileId, fileName, text);
        chunks.forEach((chunk, position) => statements.insertChunk.run(userId, fileId, position, chunk));
      });
    },
    async read(userId, fileId) {
      // One read transaction, so the text and the chunks are of the same write.
      return transaction(() => {
        const document = statements.document.get(userId, fileId);
        if (!document) return null;
        const chunks = statements.chunks.all(userId, fileId).map((chunk) => chunk.text);
        return { userId, fileId, fileName: document.file_name, text: document.text, chunks };
      });
    },
    async wholeText(userId, fileId) {
      return statements.wholeText.get(userId, fileId)?.text ?? null;
    },
    async search({ userId, fileIds, terms, limit }) {
      if (fileIds.length === 0 || terms.length === 0 || limit <= 0) return [];
      const fileList = fileIds.map(() => '?').join(', ');
      // bm25() is smaller for better matches (the owner column weighs nothing); the join on the content rows checks the owner again.
      const rows = database
        .prepare<unknown[], { fileId: string; fileName: string; text: string; rank: number }>(
          `SELECT chunk.file_id AS fileId, document.file_name AS fileName, chunk.text AS text, bm25(document_chunks_fts, 1.0, 0.0) AS rank
           FROM document_chunks_fts
           JOIN document_chunks AS chunk ON chunk.rowid = document_chunks_fts.rowid
           JOIN document_texts AS document ON document.user_id = chunk.user_id AND document.file_id = chunk.file_id
           WHERE document_chunks_fts MATCH ? AND chunk.user_id = ? AND chunk.file_id IN (${fileList})
           ORDER BY rank, chunk.file_id, chunk.position LIMIT ?`,
        )
        .all(chunkMatch(userId, terms), userId, ...fileIds, limit);
      return rows.map(({ rank, ...hit }) => ({ ...hit, score: -rank }));
    },
    async remove(userId, fileIds) {
      transaction(() => {
        for (const fileId of new Set(fileIds)) statements.removeText.run(userId, fileId);
      });
    },
    // Paged by the text rows. Re-indexing deletes and re-inserts a document's row, so a later copy
    // meets the new version; only the very last row, re-indexed, can get its old rowid back (SQLite
    // reuses the largest), which a copy that already passed it misses until --restart.
    exportBatch: exportRows(database, 'document_texts', (row) => {
      const [userId, fileId] = [String(row.user_id), String(row.file_id)];
      const chunks = statements.chunks.all(userId, fileId).map((chunk) => chunk.text);
      return { userId, fileId, fileName: String(row.file_name), text: String(row.text), chunks };
    }),
  };
}
