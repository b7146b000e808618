import type { PluginLogger } from '../../plugin-api/index.js';
import type { SqliteStore } from '../../store/sqlite/index.js';
import type { ConversationIndexName } from '../../store/repositories/search-outbox.js';
import { messagesPerConversation } from '../search-limits.js';
import type { SearchConversationHit, SearchIndex, SearchMessageHit } from '../types.js';
import { checkFtsIndexesInWorker, ftsIndexMatchesTable, rebuildFtsIndex } from './fts-maintenance.js';
import { ftsMatchExpression, ftsUserMatch } from './fts-query.js';
import { prepareFtsStatements } from './fts-statements.js';

const indexNames: ConversationIndexName[] = ['messages', 'convos'];

/**
 * The embedded search: FTS5 tables in the store's own database, written by triggers in the data's
 * transaction (migration 002), so there is nothing to sync. Start only checks that the indexes still
 * match their tables, and rebuilds one that does not.
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

  let check: ReturnType<typeof checkFtsIndexesInWorker> | undefined;
  let checked: Promise<void> | undefined;
  let stopping = false;
  const rebuildWhereMismatched = (mismatched: ConversationIndexName[]) => {
    for (const index of mismatched) {
      logger.warn('The full-text index no longer matches its table (was the database vacuumed?); rebuilding it', { index });
      rebuildFtsIndex(store.database, index);
    }
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
      if (store.database.memory) {
        rebuildWhereMismatched(indexNames.filter((index) => !ftsIndexMatchesTable(store.database, index)));
        return;
      }
      // On a file the check runs beside the server rather than before it answers (see checkFtsIndexesInWorker).
      check = checkFtsIndexesInWorker(store.database.name, indexNames);
      checked = check.mismatched.then(rebuildWhereMismatched).catch((error: unknown) => {
        if (!stopping) logger.warn('Could not check the full-text index against its table', { error: String(error) });
      });
    },
    async stop() {
      stopping = true;
      await check?.cancel();
      await checked;
    },
    wake() {},
    /** Nothing is ever pending but the check of start() and the rebuild it may lead to. */
    async flush() {
      await checked;
    },
  };
}
