import type { Leadership } from '../../coordination/types.js';

/** How the Meilisearch backend connects and how its outbox worker paces itself. */
export interface MeiliSearchOptions {
  host: string;
  apiKey: string;
  /** Prepended to the index names `convos`, `messages` and `document_chunks` (tests share one server). */
  indexPrefix: string;
  /** Outbox entries, and store records in the drift check and reindex, handled per batch. */
  batchSize: number;
  /** The worker's backstop poll; writes wake it sooner. */
  pollIntervalMs: number;
  /** How long a claimed batch stays hidden from other workers before it is retried. */
  leaseMs: number;
  /** Per-entry retry delay after a failure: baseMs × 2^attempts, at most maxMs. */
  backoff: { baseMs: number; maxMs: number };
  /** Per HTTP request to Meilisearch, so a hung server cannot hang a search. */
  requestTimeoutMs: number;
  /** How long to wait for Meilisearch to process an enqueued task. */
  taskTimeoutMs: number;
  /** Hits per index a search considers (grouped into conversations and paged in memory). */
  maxHits: number;
  /** How long a health answer for GET /api/search/enable is reused. */
  healthCacheMs: number;
  /** Which instance drains the outbox when several run (Redis); alone, this one always does. */
  leadership?: Leadership;
}

export const defaultMeiliOptions: Omit<MeiliSearchOptions, 'host' | 'apiKey'> = {
  indexPrefix: '',
  batchSize: 500,
  pollIntervalMs: 2_000,
  leaseMs: 60_000,
  backoff: { baseMs: 1_000, maxMs: 5 * 60_000 },
  requestTimeoutMs: 5_000,
  taskTimeoutMs: 30_000,
  maxHits: 1_000,
  healthCacheMs: 5_000,
};
