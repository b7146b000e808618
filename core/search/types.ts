import type { ConversationIndexName, SearchIndexName } from '../store/repositories/search-outbox.js';

/** Which backend answers: embedded SQLite FTS5, Meilisearch, or none (search hidden). */
export type SearchBackendName = 'sqlite' | 'meilisearch' | 'none';

export interface SearchPage {
  /** 1-based. */
  pageNumber: number;
  pageSize: number;
}

/** A message that matched, with the matched words wrapped in `**` (bold in the client's markdown). */
export interface SearchMessageHit {
  messageId: string;
  highlightedText: string;
}

export interface SearchConversationHit {
  conversationId: string;
  /** Its best matching messages, best first (empty when only the title matched). */
  messages: SearchMessageHit[];
}

/**
 * One page of a user's matching conversations, best match first, then most recently updated. Ids
 * only: the caller reads the records from the store, scoped to the user, so an index that lags
 * behind the store can never show a deleted conversation or another user's record.
 */
export interface SearchResults {
  conversations: SearchConversationHit[];
  /** Matching conversations over all pages. */
  total: number;
}

export interface ReindexProgress {
  index: SearchIndexName;
  /** Records indexed so far. */
  done: number;
  /** Records to index, when the backend knows it up front. */
  total?: number;
}

/**
 * The search backend behind /api/search, chosen once from the configuration (create-search-index.ts)
 * and decorated as `app.search`.
 */
/**
 * What a reindex sent, per index. Document passages appear only with Meilisearch: the embedded
 * backends rank them straight from the store, which has nothing to rebuild.
 */
export type ReindexCounts = Record<ConversationIndexName, number> & { document_chunks?: number };

export interface SearchIndex {
  readonly backend: SearchBackendName;
  /**
   * Whether the search box should show (GET /api/search/enable): false with no backend, and for
   * Meilisearch while it cannot be reached.
   */
  isEnabled(): Promise<boolean>;
  /**
   * The user's conversations matching `query` (prefix matching on words, relevance then recency).
   * Any user input is safe: it is reduced to words, never passed on as query syntax. Throws
   * SearchUnavailableError when the backend cannot answer right now.
   */
  search(userId: string, query: string, page: SearchPage): Promise<SearchResults>;
  /** Rebuilds the index from the store (chatbox search reindex); returns how many records went in. */
  reindex(onProgress?: (progress: ReindexProgress) => void): Promise<ReindexCounts>;
  /** Starts background work (Meilisearch: index setup, drift check, outbox worker). Never waits on the network. */
  start(): Promise<void>;
  /** Stops background work; the in-flight batch finishes or is retried from the outbox later. */
  stop(): Promise<void>;
  /** Data changed: send pending changes soon rather than at the next poll. */
  wake(): void;
  /**
   * Sends every pending change now, backoff ignored, and resolves once the outbox is empty; rejects
   * when the backend cannot be reached. Resolves at once for backends without an outbox.
   */
  flush(): Promise<void>;
}
