import type { ChatboxConfig } from '../../config/types.js';
import { ConfigError } from '../../config/config-error.js';
import type { Coordination } from '../coordination/types.js';
import type { PluginLogger } from '../plugin-api/index.js';
import { defaultMeiliOptions } from './meilisearch/meili-options.js';
import type { SqliteStore } from '../store/sqlite/index.js';
import type { Store } from '../store/types.js';
import { createDisabledSearchIndex } from './disabled-search-index.js';
import { createMeiliSearchIndex, type MeiliSearchOptions } from './meilisearch/index.js';
import { createFtsSearchIndex } from './sqlite/fts-search-index.js';
import type { SearchIndex } from './types.js';

export interface CreateSearchIndexOptions {
  config: Pick<ChatboxConfig, 'env'>;
  store: Store;
  logger: PluginLogger;
  /** Worker timings and index names for Meilisearch (tests shorten them). */
  meilisearch?: Partial<MeiliSearchOptions>;
  /** Shared state of several instances: one of them drains the Meilisearch outbox. */
  coordination?: Coordination;
}

const isSqliteStore = (store: Store): store is SqliteStore => store.driver === 'sqlite' && 'database' in store;

/**
 * Picks the backend from the configuration: none when SEARCH=false; Meilisearch when MEILI_HOST and
 * MEILI_MASTER_KEY are both set; otherwise the embedded FTS5 index of an SQLite store. Half a
 * Meilisearch configuration fails fast rather than silently searching somewhere else.
 */
export function createSearchIndex({ config, store, logger, meilisearch, coordination }: CreateSearchIndexOptions): SearchIndex {
  const { SEARCH, MEILI_HOST, MEILI_MASTER_KEY } = config.env;
  if (!SEARCH) return createDisabledSearchIndex(store.searchOutbox);
  if (Boolean(MEILI_HOST) !== Boolean(MEILI_MASTER_KEY)) {
    const missing = MEILI_HOST ? 'MEILI_MASTER_KEY' : 'MEILI_HOST';
    throw new ConfigError([{ path: missing, message: `${missing} is required when ${missing === 'MEILI_HOST' ? 'MEILI_MASTER_KEY' : 'MEILI_HOST'} is set (or set SEARCH=false)` }], 'Incomplete Meilisearch configuration');
  }
  if (MEILI_HOST && MEILI_MASTER_KEY) {
    // The lock outlives a few polls, so its holder renews it long before another instance may take it over.
    const leaseMs = Math.max(5_000, 5 * (meilisearch?.pollIntervalMs ?? defaultMeiliOptions.pollIntervalMs));
    const leadership = coordination?.kind === 'redis' ? coordination.leadership('search-outbox', leaseMs) : undefined;
    return createMeiliSearchIndex({ host: MEILI_HOST, apiKey: MEILI_MASTER_KEY, leadership, ...meilisearch }, store, logger);
  }
  if (isSqliteStore(store)) return createFtsSearchIndex(store, logger);
  logger.warn('Search is off: with MongoDB it needs Meilisearch (set MEILI_HOST and MEILI_MASTER_KEY)');
  return createDisabledSearchIndex(store.searchOutbox);
}
