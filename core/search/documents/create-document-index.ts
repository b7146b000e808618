import type { ChatboxConfig } from '../../../config/types.js';
import type { DocumentIndex } from '../../files/index.js';
import type { PluginLogger } from '../../plugin-api/index.js';
import type { Store } from '../../store/types.js';
import { createBuiltInDocumentIndex } from './built-in-document-index.js';
import { ragApiDocumentIndex, type RagApiIndexOptions } from './rag-api-index.js';
import { createMeiliPassageRanker, type MeiliPassageRankerOptions } from './meili-passage-ranker.js';

export interface CreateDocumentIndexOptions {
  config: Pick<ChatboxConfig, 'env'>;
  store: Store;
  /** Signs the user tokens LibreChat's RAG API checks (with RAG_API_URL). */
  accessTokens: RagApiIndexOptions['accessTokens'];
  logger: PluginLogger;
  /** Index prefix and timings for Meilisearch (tests share one double). */
  meilisearch?: Partial<Pick<MeiliPassageRankerOptions, 'indexPrefix' | 'requestTimeoutMs'>>;
}

/**
 * Picks where documents attached to chats are indexed. When RAG_API_URL is set, LibreChat's RAG API
 * takes over, so a LibreChat installation keeps its vector store. Otherwise chatbox's own index: the store keeps each
 * document's text and chunks, ranked by Meilisearch when MEILI_HOST and MEILI_MASTER_KEY are set
 * (and SEARCH is on), else by the store (SQLite FTS5 bm25, MongoDB BM25 in process).
 */
export function createDocumentIndex({ config, store, accessTokens, logger, meilisearch }: CreateDocumentIndexOptions): DocumentIndex {
  const ragApi = ragApiDocumentIndex({ env: config.env, accessTokens, logger });
  if (ragApi) return ragApi;
  const { SEARCH, MEILI_HOST, MEILI_MASTER_KEY } = config.env;
  const ranker = SEARCH && MEILI_HOST && MEILI_MASTER_KEY ? createMeiliPassageRanker({ host: MEILI_HOST, apiKey: MEILI_MASTER_KEY, ...meilisearch }) : undefined;
  return createBuiltInDocumentIndex({ store, logger, ranker });
}
