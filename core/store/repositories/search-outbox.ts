import type { Conversation } from './conversations.js';
import type { Message } from './messages.js';

/**
 * The external search indexes (Meilisearch): conversations keyed by conversationId, messages by
 * messageId, and the passages of uploaded documents, one entry per document keyed by its fileId.
 */
export type SearchIndexName = 'convos' | 'messages' | 'document_chunks';

/** The indexes of conversation search, which the store scans record by record (documents are read with documentChunks.exportBatch). */
export type ConversationIndexName = Exclude<SearchIndexName, 'document_chunks'>;

/** The records each conversation search index is built from. */
export interface SearchSourceRecords {
  convos: Conversation;
  messages: Message;
}

/**
 * One change the external search index has not seen yet. The outbox carries keys, never document
 * bodies: the worker reads the record's current state from the store when it sends, so entries may be
 * duplicated, reordered within a batch or retried without ever sending stale text.
 */
export interface SearchOutboxChange {
  index: SearchIndexName;
  /**
   * - `document`: the record `documentId` (a messageId, conversationId, or for `document_chunks` a
   *   fileId) of `userId` was written or deleted; the worker upserts it if the store still has it, else
   *   deletes it from the index (a document's passages are replaced as a whole).
   * - `conversation`: every message of conversation `documentId` was deleted (index `messages`), so a
   *   driver can record a bulk delete as one entry instead of one per message.
   * - `user`: every document of `userId` in `index` was deleted (`documentId` repeats the user id).
   */
  kind: 'document' | 'conversation' | 'user';
  userId: string;
  documentId: string;
}

export interface SearchOutboxEntry extends SearchOutboxChange {
  /** Opaque; entries are claimed in the order they were appended (ascending id). */
  id: string;
  /** How many times sending it failed. */
  attempts: number;
  lastError: string | null;
}

/**
 * The search outbox: changes waiting to be sent to Meilisearch, written in the same transaction as the
 * data change so the index cannot silently miss one, drained by a background worker. Only the
 * Meilisearch backend uses it; the embedded SQLite search is written in the data's own transaction.
 * A driver writes entries for every messages/conversations write and every document's text and
 * chunks (replace, remove, file delete; upsert, update, delete, the user cascade) while the outbox is
 * enabled, and nothing while it is disabled.
 */
export interface SearchOutboxRepository {
  /**
   * Turns recording on (Meilisearch configured) or off (no external index; pending entries are dropped,
   * since nothing will drain them and the start-up drift check re-sends what a gap missed). The SQLite
   * driver keeps the flag in the database so every process writing to it feeds the outbox.
   */
  setEnabled(enabled: boolean): Promise<void>;
  isEnabled(): Promise<boolean>;
  /** Appends changes (nothing while disabled). Drivers call it inside the data change's transaction. */
  append(changes: SearchOutboxChange[]): Promise<void>;
  /**
   * Takes up to `limit` entries that are due (not leased, not waiting out a backoff), oldest first, and
   * leases them until now + leaseMs: a worker that dies mid-batch has them retried after the lease.
   * Concurrent claims never return the same entry.
   */
  claim(limit: number, now: Date, leaseMs: number): Promise<SearchOutboxEntry[]>;
  /** The entries were applied: removes them. */
  ack(ids: string[]): Promise<void>;
  /**
   * Sending failed: records the error, adds one attempt and makes each entry due again after an
   * exponential backoff of its own, now + min(maxMs, baseMs × 2^attempts before this failure).
   */
  fail(ids: string[], error: string, now: Date, backoff: { baseMs: number; maxMs: number }): Promise<void>;
  /** Entries waiting, due or not (status and tests). */
  count(): Promise<number>;
  /**
   * Every record of an index across all users, in a stable order, one batch at a time: pass null to
   * start and the returned cursor to continue; cursor null means done. Used by the drift check and
   * reindex, so a whole collection is never held in memory.
   */
  scan<I extends ConversationIndexName>(index: I, cursor: string | null, limit: number): Promise<{ records: Array<SearchSourceRecords[I]>; cursor: string | null }>;
}
