import type { Migration } from '../migrate.js';
import { outboxTrigger } from './003-search-outbox.js';

/** The triggers of migration 003: SQLite checks every trigger that names search_outbox while it is rebuilt, so they go and come back. */
const conversationTriggers = [
  ['messages', 'messages', 'message_id'],
  ['conversations', 'convos', 'conversation_id'],
] as const;
const events = ['INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * Document passages reach Meilisearch through the search outbox too (index `document_chunks`, one
 * entry per document keyed by its file id): an upload then never waits for Meilisearch, and one made
 * while it is down is sent once it is back. The outbox's CHECK gains the index name, which SQLite can
 * only do by rebuilding the table (ids kept, so claim order survives). The triggers sit on
 * document_texts, the row every write of a document replaces and every removal deletes (a file's or
 * user's deletion cascades to it), so a document's whole set of passages is re-read from the store.
 */
export const passageOutboxMigration: Migration = {
  version: 12,
  name: 'passage-outbox',
  sql: /* sql */ `
${conversationTriggers.flatMap(([table]) => events.map((event) => `DROP TRIGGER ${table}_outbox_${event.toLowerCase()};`)).join('\n')}

CREATE TABLE search_outbox_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  index_name TEXT NOT NULL CHECK (index_name IN ('convos', 'messages', 'document_chunks')),
  kind TEXT NOT NULL CHECK (kind IN ('document', 'conversation', 'user')),
  user_id TEXT NOT NULL,
  document_id TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  available_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
INSERT INTO search_outbox_next (id, index_name, kind, user_id, document_id, attempts, last_error, available_at, created_at)
  SELECT id, index_name, kind, user_id, document_id, attempts, last_error, available_at, created_at FROM search_outbox;
DROP TABLE search_outbox;
ALTER TABLE search_outbox_next RENAME TO search_outbox;
CREATE INDEX search_outbox_due ON search_outbox (available_at, id);
${conversationTriggers.flatMap(([table, index, idColumn]) => events.map((event) => outboxTrigger(table, event, index, idColumn))).join('\n')}
${events.map((event) => outboxTrigger('document_texts', event, 'document_chunks', 'file_id')).join('\n')}
`,
};
