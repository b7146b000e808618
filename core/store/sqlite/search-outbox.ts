import type { ConversationIndexName, SearchIndexName, SearchOutboxEntry, SearchOutboxRepository, SearchSourceRecords } from '../repositories/search-outbox.js';
import { conversationRows } from './conversations.js';
import type { SqliteConnection } from './database.js';
import { messageRows } from './messages.js';
import type { Row } from './row-mapping.js';

interface EntryRow {
  id: number;
  index_name: SearchIndexName;
  kind: SearchOutboxEntry['kind'];
  user_id: string;
  document_id: string;
  attempts: number;
  last_error: string | null;
}

const toEntry = (row: EntryRow): SearchOutboxEntry => ({
  id: String(row.id),
  index: row.index_name,
  kind: row.kind,
  userId: row.user_id,
  documentId: row.document_id,
  attempts: row.attempts,
  lastError: row.last_error,
});

/** Ids travel as one JSON array parameter, so a batch of any size is a single statement. */
const idList = (ids: string[]): string => JSON.stringify(ids.map(Number));

/**
 * The SQLite outbox. The data path never calls append: the triggers of migration 003 write the
 * entries inside the statement that changes a message or conversation (cascades included).
 */
export function createSearchOutboxRepository({ database, transaction }: SqliteConnection): SearchOutboxRepository {
  const statements = {
    setEnabled: database.prepare<[number]>('UPDATE search_outbox_state SET enabled = ?'),
    isEnabled: database.prepare<[], { enabled: number }>('SELECT enabled FROM search_outbox_state'),
    clear: database.prepare('DELETE FROM search_outbox'),
    append: database.prepare<[string, string, string, string, number]>(
      'INSERT INTO search_outbox (index_name, kind, user_id, document_id, available_at, created_at) VALUES (?, ?, ?, ?, 0, ?)',
    ),
    due: database.prepare<[number, number], EntryRow>('SELECT * FROM search_outbox WHERE available_at <= ? ORDER BY id LIMIT ?'),
    lease: database.prepare<[number, string]>('UPDATE search_outbox SET available_at = ? WHERE id IN (SELECT value FROM json_each(?))'),
    ack: database.prepare<[string]>('DELETE FROM search_outbox WHERE id IN (SELECT value FROM json_each(?))'),
    // 2^attempts as a shift, capped so a long outage cannot overflow the integer.
    fail: database.prepare<{ error: string; now: number; base: number; max: number; ids: string }>(
      `UPDATE search_outbox SET attempts = attempts + 1, last_error = @error,
         available_at = @now + MIN(@max, @base * (1 << MIN(attempts, 40)))
       WHERE id IN (SELECT value FROM json_each(@ids))`,
    ),
    count: database.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM search_outbox'),
    scanMessages: database.prepare<[number, number], Row>('SELECT rowid AS scan_rowid, * FROM messages WHERE rowid > ? ORDER BY rowid LIMIT ?'),
    scanConversations: database.prepare<[number, number], Row>('SELECT rowid AS scan_rowid, * FROM conversations WHERE rowid > ? ORDER BY rowid LIMIT ?'),
  };

  return {
    async setEnabled(enabled) {
      transaction(() => {
        statements.setEnabled.run(enabled ? 1 : 0);
        if (!enabled) statements.clear.run();
      });
    },
    async isEnabled() {
      return statements.isEnabled.get()?.enabled === 1;
    },
    async append(changes) {
      transaction(() => {
        if (statements.isEnabled.get()?.enabled !== 1) return;
        const now = Date.now();
        for (const change of changes) statements.append.run(change.index, change.kind, change.userId, change.documentId, now);
      });
    },
    async claim(limit, now, leaseMs) {
      // An immediate transaction takes the write lock before reading: a second claimer (another
      // process on the file) waits for it and then sees the lease, instead of failing to upgrade a
      // read snapshot that went stale.
      return database
        .transaction(() => {
          const rows = statements.due.all(now.getTime(), limit);
          if (rows.length > 0) statements.lease.run(now.getTime() + leaseMs, JSON.stringify(rows.map((row) => row.id)));
          return rows.map(toEntry);
        })
        .immediate();
    },
    async ack(ids) {
      if (ids.length > 0) statements.ack.run(idList(ids));
    },
    async fail(ids, error, now, { baseMs, maxMs }) {
      if (ids.length > 0) statements.fail.run({ error: error.slice(0, 2000), now: now.getTime(), base: baseMs, max: maxMs, ids: idList(ids) });
    },
    async count() {
      return statements.count.get()!.total;
    },
    async scan<I extends ConversationIndexName>(index: I, cursor: string | null, limit: number) {
      const statement = index === 'messages' ? statements.scanMessages : statements.scanConversations;
      const rows = statement.all(cursor === null ? 0 : Number(cursor), limit);
      const mapper = index === 'messages' ? messageRows : conversationRows;
      return {
        records: rows.map((row) => mapper.fromRow(row)) as Array<SearchSourceRecords[I]>,
        cursor: rows.length < limit ? null : String(rows[rows.length - 1].scan_rowid),
      };
    },
  };
}
