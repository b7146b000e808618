import type { ExportBatch } from './common.js';

/** A document's extracted text and its passages, as written at upload. */
export interface DocumentChunksInput {
  userId: string;
  fileId: string;
  /** The user's file name, to cite passages by. */
  fileName: string;
  /** The whole extracted text (capped at extraction). */
  text: string;
  /** The passages the search ranks, in document order. */
  chunks: readonly string[];
}

export interface ChunkHit {
  fileId: string;
  fileName: string;
  text: string;
  /** Higher is better (BM25, negated from SQLite's smaller-is-better); comparable within one answer only. */
  score: number;
}

/**
 * The built-in document index's storage: each document's text and chunks, owned by one user. Every
 * read and removal takes the owner's id, so one user's question never ranks another user's passages.
 */
export interface DocumentChunksRepository {
  /** Writes a document's text and chunks, replacing what an earlier write of the same file left. */
  replace(document: DocumentChunksInput): Promise<void>;
  /** One of the user's documents whole (text and chunks in order), or null when none was indexed. */
  read(userId: string, fileId: string): Promise<DocumentChunksInput | null>;
  /** The whole text of one of the user's documents, or null when none was indexed. */
  wholeText(userId: string, fileId: string): Promise<string | null>;
  /**
   * The user's best chunks among `fileIds` for `terms` (plain words, already reduced from the
   * question), ranked by BM25, any word matching; best first, at most `limit`.
   */
  search(query: { userId: string; fileIds: readonly string[]; terms: readonly string[]; limit: number }): Promise<ChunkHit[]>;
  /** Forgets the given documents of one user; unknown ids are not an error. */
  remove(userId: string, fileIds: readonly string[]): Promise<void>;
  /** Every user's indexed documents, each whole (text and chunks in order), in indexing order (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<DocumentChunksInput>>;
}
