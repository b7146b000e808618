import type Database from 'better-sqlite3';

/**
 * The SQL of the embedded search. Conversations rank by their best hit — a message's or the title's
 * bm25 (lower is better) — then by the newest update. The user filter sits on the content rows, so
 * an FTS hit of another user's message never joins into a result. @match is narrowed to the user
 * (ftsUserMatch); bm25 gives the user_id column no weight, so it ranks by the words alone. The
 * message hits are matched once (MATERIALIZED) and serve both the ranking and each conversation's
 * messages: a second MATCH for the messages cost a third of a search for a common word.
 */
const hitsCte = /* sql */ `
WITH message_hits AS MATERIALIZED (
  SELECT m.rowid AS rowid, m.conversation_id AS conversation_id, m.message_id AS message_id, bm25(messages_fts, 1, 0) AS score, m.updated_at AS updated_at
  FROM messages_fts JOIN messages AS m ON m.rowid = messages_fts.rowid
  WHERE messages_fts MATCH @match AND m.user_id = @user
),
hits AS (
  SELECT conversation_id, score FROM message_hits
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
  /** The page's conversations in rank order, each with its message hits best first (a null rowid: a title hit only). */
  page: Database.Statement<
    { match: string; user: string; limit: number; offset: number },
    { conversationId: string; total: number; rowid: number | null; messageId: string | null }
  >;
  count: Database.Statement<{ match: string; user: string }, { total: number }>;
  highlights: Database.Statement<{ match: string; rowids: string }, { rowid: number; text: string }>;
}

export function prepareFtsStatements(database: Database.Database): FtsStatements {
  return {
    page: database.prepare(`${hitsCte},
      paged AS (
        SELECT conversation_id, COUNT(*) OVER () AS total, ROW_NUMBER() OVER (ORDER BY score, updated_at DESC, conversation_id) AS position
        FROM ranked ORDER BY position LIMIT @limit OFFSET @offset
      )
      SELECT p.conversation_id AS conversationId, p.total AS total, h.rowid AS rowid, h.message_id AS messageId
      FROM paged AS p LEFT JOIN message_hits AS h ON h.conversation_id = p.conversation_id
      ORDER BY p.position, h.score, h.updated_at DESC`),
    count: database.prepare(`${hitsCte} SELECT COUNT(*) AS total FROM ranked`),
    // highlight() only works inside a full-text query, hence the MATCH again for the chosen rows.
    // `+rowid` keeps the rowid list out of FTS5, which would otherwise run the whole match once per
    // listed rowid: 157 ms instead of 4 for 60 hits of a word in one message out of ten (1M messages).
    highlights: database.prepare(/* sql */ `
      SELECT rowid, highlight(messages_fts, 0, '**', '**') AS text FROM messages_fts
      WHERE messages_fts MATCH @match AND +rowid IN (SELECT value FROM json_each(@rowids))`),
  };
}
