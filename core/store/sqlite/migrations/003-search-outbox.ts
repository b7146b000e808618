import type { Migration } from '../migrate.js';

const nowMs = "CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)";

/** An AFTER trigger that records one `document` change of `table` while the outbox is enabled (migration 012 reuses it). */
export function outboxTrigger(table: string, event: 'INSERT' | 'UPDATE' | 'DELETE', index: string, idColumn: string): string {
  const row = event === 'DELETE' ? 'old' : 'new';
  return `
CREATE TRIGGER ${table}_outbox_${event.toLowerCase()} AFTER ${event} ON ${table}
WHEN (SELECT enabled FROM search_outbox_state) = 1 BEGIN
  INSERT INTO search_outbox (index_name, kind, user_id, document_id, available_at, created_at)
  VALUES ('${index}', 'document', ${row}.user_id, ${row}.${idColumn}, 0, ${nowMs});
END;`;
}

/**
 * The outbox that feeds Meilisearch (see SearchOutboxRepository). Triggers write it, for the reasons
 * the FTS migration gives: every write path, cascades included, records its change in the same
 * transaction. They only fire while search_outbox_state.enabled is 1, which the Meilisearch backend
 * sets at start; without Meilisearch no row is ever written. The flag lives in the database, so an
 * admin command deleting a user from another process feeds the outbox the server drains.
 *
 * available_at is when an entry is next due (0 = at once); a claim leases it by moving it forward,
 * a failure by the backoff. AUTOINCREMENT keeps ids growing after acked rows are deleted, so claim
 * order is append order.
 */
export const searchOutboxMigration: Migration = {
  version: 3,
  name: 'search-outbox',
  sql: /* sql */ `
CREATE TABLE search_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  index_name TEXT NOT NULL CHECK (index_name IN ('convos', 'messages')),
  kind TEXT NOT NULL CHECK (kind IN ('document', 'conversation', 'user')),
  user_id TEXT NOT NULL,
  document_id TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  available_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX search_outbox_due ON search_outbox (available_at, id);

CREATE TABLE search_outbox_state (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  enabled INTEGER NOT NULL
) STRICT;
INSERT INTO search_outbox_state (singleton, enabled) VALUES (1, 0);
${outboxTrigger('messages', 'INSERT', 'messages', 'message_id')}
${outboxTrigger('messages', 'UPDATE', 'messages', 'message_id')}
${outboxTrigger('messages', 'DELETE', 'messages', 'message_id')}
${outboxTrigger('conversations', 'INSERT', 'convos', 'conversation_id')}
${outboxTrigger('conversations', 'UPDATE', 'convos', 'conversation_id')}
${outboxTrigger('conversations', 'DELETE', 'convos', 'conversation_id')}
`,
};
