import type { PluginLogger } from '../../plugin-api/index.js';
import type { SqliteStore } from '../../store/sqlite/index.js';
import type { SearchIndexName } from '../../store/types.js';
import { messagesPerConversation } from '../search-limits.js';
import type { SearchConversationHit, SearchIndex, SearchMessageHit } from '../types.js';
import { ftsIndexMatchesTable, rebuildFtsIndex } from './fts-maintenance.js';
import { ftsMatchExpression, ftsUserMatch } from './fts-query.js';
import { prepareFtsStatements } from './fts-statements.js';

const indexNames: SearchIndexName[] = ['messages', 'convos'];

/**
 * The embedded search: FTS5 tables in the store's own database, written by triggers in the data's
 * transaction (migration 002), so there is nothing to sync and nothing to start.
 */
export function createFtsSearchIndex(store: SqliteStore, logger: PluginLogger): SearchIndex {
  const statements = prepareFtsStatements(store.database);

  /** The page's rows grouped by conversation (in rank order), each keeping its best few message hits, highlighted. */
  const withMessages = (match: string, rows: ReturnType<typeof statements.page.all>): SearchConversationHit[] => {
    const chosen = new Map<string, Array<{ rowid: number; messageId: string }>>();
    for (const row of rows) {
      const list = chosen.get(row.conversationId) ?? [];
      chosen.set(row.conversationId, list);
      if (row.rowid !== null && row.messageId !== null && list.length < messagesPerConversation) list.push({ rowid: row.rowid, messageId: row.messageId });
    }
    const picked = [...chosen.values()].flat();
    const highlighted = new Map(
      statements.highlights.all({ match, rowids: JSON.stringify(picked.map((row) => row.rowid)) }).map((row) => [row.rowid, row.text]),
    );
    return [...chosen].map(([conversationId, list]) => ({
      conversationId,
      messages: list.map((row): SearchMessageHit => ({ messageId: row.messageId, highlightedText: highlighted.get(row.rowid) ?? '' })),
    }));
  };

  return {
    backend: 'sqlite',
    async isEnabled() {
      return true;
    },
    async search(userId, query, { pageNumber, pageSize }) {
      const words = ftsMatchExpression(query);
      if (!words) return { conversations: [], total: 0 };
      const match = ftsUserMatch(words, userId);
      return store.transaction(() => {
        const offset = (pageNumber - 1) * pageSize;
        const rows = statements.page.all({ match, user: userId, limit: pageSize, offset });
        const total = rows[0]?.total ?? (offset > 0 ? statements.count.get({ match, user: userId })!.total : 0);
        return { conversations: withMessages(match, rows), total };
      });
    },
    async reindex(onProgress) {
      const counts = { messages: 0, convos: 0 };
      for (const index of indexNames) counts[index] = rebuildFtsIndex(store.database, index, onProgress);
      return counts;
    },
    async start() {
      // No external index to feed: an outbox left enabled by an earlier Meilisearch setup would only grow.
      await store.searchOutbox.setEnabled(false);
      for (const index of indexNames) {
        if (ftsIndexMatchesTable(store.database, index)) continue;
        logger.warn('The full-text index no longer matches its table (was the database vacuumed?); rebuilding it', { index });
        rebuildFtsIndex(store.database, index);
      }
    },
    async stop() {},
    wake() {},
    async flush() {},
  };
}
