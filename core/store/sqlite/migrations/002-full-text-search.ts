import type { Migration } from '../migrate.js';

/**
 * The embedded search: FTS5 indexes over message text and conversation titles.
 *
 * External-content tables keyed by the rowid of `messages` / `conversations`, kept in step by
 * triggers. Why triggers rather than writes in the repositories: a trigger runs inside the statement
 * that changes the row, so every path — upserts, edits, deleting a conversation, and the ON DELETE
 * CASCADE of a deleted user, which no repository code sees — updates the index in the same
 * transaction, and no future write path can forget to. Why external content rather than a copy: the
 * text is stored once, highlight() reads it from the row, and a 'rebuild' recreates the index from
 * the tables at any time (reindex, or the start-up check if a VACUUM ever renumbered rowids).
 *
 * unicode61 with remove_diacritics 2 folds case and accents ("Café" finds "cafe"); the prefix indexes
 * make the prefix queries of the search box ("hel" → "hello") cheap.
 */
export const fullTextSearchMigration: Migration = {
  version: 2,
  name: 'full-text-search',
  sql: /* sql */ `
CREATE VIRTUAL TABLE messages_fts USING fts5(
  text, content = 'messages', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
  INSERT INTO messages_fts (rowid, text) VALUES (new.rowid, new.text);
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
END;
-- An upsert that hits an existing row runs the UPDATE path, so this covers replaces too.
CREATE TRIGGER messages_fts_update AFTER UPDATE OF text ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
  INSERT INTO messages_fts (rowid, text) VALUES (new.rowid, new.text);
END;

CREATE VIRTUAL TABLE conversations_fts USING fts5(
  title, content = 'conversations', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER conversations_fts_insert AFTER INSERT ON conversations BEGIN
  INSERT INTO conversations_fts (rowid, title) VALUES (new.rowid, new.title);
END;
CREATE TRIGGER conversations_fts_delete AFTER DELETE ON conversations BEGIN
  INSERT INTO conversations_fts (conversations_fts, rowid, title) VALUES ('delete', old.rowid, old.title);
END;
CREATE TRIGGER conversations_fts_update AFTER UPDATE OF title ON conversations BEGIN
  INSERT INTO conversations_fts (conversations_fts, rowid, title) VALUES ('delete', old.rowid, old.title);
  INSERT INTO conversations_fts (rowid, title) VALUES (new.rowid, new.title);
END;

-- Databases created before this migration: index what is already there.
INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
INSERT INTO conversations_fts (conversations_fts) VALUES ('rebuild');
`,
};
