import type Database from 'better-sqlite3';

/**
 * The SQL of the embedded search. Conversations rank by their best hit — a message's or the title's
 * bm25 (lower is better) — then by the newest update. The user filter sits on the content rows, so
 * an FTS hit of another user's message never joins into a result. @match is narrowed to the user
 * (ftsUserMatch); bm25 gives the user_id column no weight, so it ranks by the words alone.
 */
const hitsCte = /* sql */ `
WITH hits AS (
  SELECT m.conversation_id AS conversation_id, bm25(messages_fts, 1, 0) AS score
  FROM messages_fts JOIN messages AS m ON m.rowid = messages_fts.rowid
  WHERE messages_fts MATCH @match AND m.user_id = @user
  UNION ALL
  SELECT c.conversation_id, bm25(conversations_fts, 1, 0)
  FROM conversations_fts JOIN conversations AS c ON c.rowid = conversations_fts.rowid
  WHERE conversations_fts MATCH @match AND c.user_id = @user
),
ranked AS (
  SELECT r.conversation_id, MIN(r.score) AS score, c.updated_at
  FROM hits AS r JOIN conversations AS c ON c.user_id = @user AND c.conversation_id = r.conversation_id
  GROUP BY r.conversation_id
)`;

export interface FtsStatements {
  page: Database.Statement<{ match: string; user: string; limit: number; offset: number }, { conversationId: string; total: number }>;
  count: Database.Statement<{ match: string; user: string }, { total: number }>;
  messageHits: Database.Statement<{ match: string; user: string; conversationIds: string }, { rowid: number; conversationId: string; messageId: string }>;
  highlights: Database.Statement<{ match: string; rowids: string }, { rowid: number; text: string }>;
}

export function prepareFtsStatements(database: Database.Database): FtsStatements {
  return {
    page: database.prepare(`${hitsCte}
      SELECT conversation_id AS conversationId, COUNT(*) OVER () AS total FROM ranked
      ORDER BY score, updated_at DESC, conversation_id LIMIT @limit OFFSET @offset`),
    count: database.prepare(`${hitsCte} SELECT COUNT(*) AS total FROM ranked`),
    messageHits: database.prepare(/* sql */ `
      SELECT m.rowid AS rowid, m.conversation_id AS conversationId, m.message_id AS messageId
      FROM messages_fts JOIN messages AS m ON m.rowid = messages_fts.rowid
      WHERE messages_fts MATCH @match AND m.user_id = @user
        AND m.conversation_id IN (SELECT value FROM json_each(@conversationIds))
      ORDER BY bm25(messages_fts, 1, 0), m.updated_at DESC`),
    // highlight() only works inside a full-text query, hence the MATCH again for the chosen rows.
    highlights: database.prepare(/* sql */ `
      SELECT rowid, highlight(messages_fts, 0, '**', '**') AS text FROM messages_fts
      WHERE messages_fts MATCH @match AND rowid IN (SELECT value FROM json_each(@rowids))`),
  };
}
