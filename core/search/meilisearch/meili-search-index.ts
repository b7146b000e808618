import type { PluginLogger } from '../../plugin-api/index.js';
import type { Store } from '../../store/types.js';
import type { ConversationIndexName } from '../../store/repositories/search-outbox.js';
import { SearchUnavailableError } from '../search-errors.js';
import type { SearchIndex } from '../types.js';
import { connectMeili, isUnreachable } from './meili-connection.js';
import { defaultMeiliOptions, type MeiliSearchOptions } from './meili-options.js';
import { searchMeili } from './meili-query.js';
import { resendAllPassages, resendDriftedPassages } from './meili-passage-sync.js';
import { resendAll, resendDrifted } from './meili-sync.js';
import { applyOutboxBatch } from './outbox-batch.js';
import { createOutboxWorker } from './outbox-worker.js';

const indexNames: ConversationIndexName[] = ['convos', 'messages'];

/**
 * Meilisearch as the search backend, for conversations and for document passages (which
 * core/search/documents ranks here). The request path only ever reads from it: writes reach it
 * through the store's outbox and the background worker, so chat keeps working while it is down and
 * a search then answers a clear 503.
 */
export function createMeiliSearchIndex(settings: Pick<MeiliSearchOptions, 'host' | 'apiKey'> & Partial<MeiliSearchOptions>, store: Store, logger: PluginLogger): SearchIndex {
  const options: MeiliSearchOptions = { ...defaultMeiliOptions, ...settings };
  const connection = connectMeili(options);
  let health: { available: boolean; checkedAt: number } | null = null;

  const worker = createOutboxWorker({
    ...options,
    outbox: store.searchOutbox,
    logger,
    apply: (entries) => applyOutboxBatch(connection, store, entries),
    async prepare() {
      await connection.ensureIndexes();
      for (const index of indexNames) {
        const resent = await resendDrifted(connection, store, index, options.batchSize);
        if (resent > 0) logger.info('Meilisearch drift check re-sent documents', { index, resent });
      }
      const passages = await resendDriftedPassages(connection, store, options.batchSize);
      if (passages > 0) logger.info('Meilisearch drift check re-sent documents', { index: 'document_chunks', resent: passages });
    },
  });

  return {
    backend: 'meilisearch',
    async isEnabled() {
      if (health && Date.now() - health.checkedAt < options.healthCacheMs) return health.available;
      const available = await connection.client.health().then((answer) => answer.status === 'available', () => false);
      health = { available, checkedAt: Date.now() };
      return available;
    },
    async search(userId, query, page) {
      try {
        await connection.ensureIndexes();
        return await searchMeili(connection, options.maxHits, userId, query, page);
      } catch (error) {
        if (isUnreachable(error)) throw new SearchUnavailableError('Meilisearch cannot be reached');
        throw error;
      }
    },
    async reindex(onProgress) {
      await connection.ensureIndexes();
      const counts = { convos: 0, messages: 0, document_chunks: 0 };
      for (const index of indexNames) counts[index] = await resendAll(connection, store, index, options.batchSize, onProgress);
      counts.document_chunks = await resendAllPassages(connection, store, options.batchSize, onProgress);
      return counts;
    },
    async start() {
      // Before the first request: from here on every write is recorded for the worker.
      await store.searchOutbox.setEnabled(true);
      worker.start();
    },
    stop: () => worker.stop(),
    wake: () => worker.wake(),
    flush: () => worker.flush(),
  };
}
