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

  const messageHits = (match: string, user: string, conversationIds: string[]): Map<string, SearchMessageHit[]> => {
    const rows = statements.messageHits.all({ match, user, conversationIds: JSON.stringify(conversationIds) });
    const chosen = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = chosen.get(row.conversationId) ?? [];
      if (list.length < messagesPerConversation) chosen.set(row.conversationId, [...list, row]);
    }
    const picked = [...chosen.values()].flat();
    const highlighted = new Map(
      statements.highlights.all({ match, rowids: JSON.stringify(picked.map((row) => row.rowid)) }).map((row) => [row.rowid, row.text]),
    );
    const byConversation = new Map<string, SearchMessageHit[]>();
    for (const [conversationId, list] of chosen) {
      byConversation.set(conversationId, list.map((row) => ({ messageId: row.messageId, highlightedText: highlighted.get(row.rowid) ?? '' })));
    }
    return byConversation;
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
        const page = statements.page.all({ match, user: userId, limit: pageSize, offset });
        const total = page[0]?.total ?? (offset > 0 ? statements.count.get({ match, user: userId })!.total : 0);
        const hits = messageHits(match, userId, page.map((row) => row.conversationId));
        const conversations: SearchConversationHit[] = page.map(({ conversationId }) => ({ conversationId, messages: hits.get(conversationId) ?? [] }));
        return { conversations, total };
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
