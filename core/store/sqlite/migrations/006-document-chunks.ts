import type { Migration } from '../migrate.js';

/**
 * The built-in document index (issue 16 §5): each uploaded document's extracted text, and its chunks
 * in an FTS5 index ranked by bm25(). Both hang off the file record (ON DELETE CASCADE), so deleting a
 * file — or its user — drops its passages in the same statement. The FTS table indexes the owner's id
 * too, as migration 004 does, so a search reads the user's own postings only.
 */
export const documentChunksMigration: Migration = {
  version: 6,
  name: 'document-chunks',
  sql: /* sql */ `
CREATE TABLE document_texts (
  user_id TEXT NOT NULL,
  file_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (user_id, file_id),
  FOREIGN KEY (user_id, file_id) REFERENCES files (user_id, file_id) ON DELETE CASCADE
) STRICT;

CREATE TABLE document_chunks (
  user_id TEXT NOT NULL,
  file_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  text TEXT NOT NULL,
  UNIQUE (user_id, file_id, position),
  FOREIGN KEY (user_id, file_id) REFERENCES document_texts (user_id, file_id) ON DELETE CASCADE
) STRICT;

CREATE VIRTUAL TABLE document_chunks_fts USING fts5(
  text, user_id, content = 'document_chunks', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER document_chunks_fts_insert AFTER INSERT ON document_chunks BEGIN
  INSERT INTO document_chunks_fts (rowid, text, user_id) VALUES (new.rowid, new.text, new.user_id);
END;
CREATE TRIGGER document_chunks_fts_delete AFTER DELETE ON document_chunks BEGIN
  INSERT INTO document_chunks_fts (document_chunks_fts, rowid, text, user_id) VALUES ('delete', old.rowid, old.text, old.user_id);
END;
`,
};
