/**
 * Documents attached to chats, made searchable for a turn's question (spec 001 files, issue 16 §5).
 * Two implementations: chatbox's own (text extracted at upload, chunked into the store's search:
 * SQLite FTS5, or Meilisearch when configured) and LibreChat's RAG API when `RAG_API_URL` is set, so a
 * LibreChat installation keeps its vector store.
 */

/** A stored document to index. */
export interface DocumentToIndex {
  fileId: string;
  /** The owner: every read and removal is scoped to them. */
  userId: string;
  /** The user's file name (sanitized), used to cite passages. */
  fileName: string;
  /** The sniffed media type (application/pdf, text/markdown …). */
  mediaType: string;
  /** Opens the stored bytes as a stream; may be called more than once. */
  open(): Promise<AsyncIterable<Uint8Array>>;
}

/** What indexing made of a document. */
export interface IndexedDocument {
  /** Characters of text extracted (0 for a document with no text layer). */
  characters: number;
  /** Chunks written to the index. */
  chunks: number;
}

/** One passage found for a question. */
export interface DocumentPassage {
  fileId: string;
  fileName: string;
  text: string;
  /** Higher is better; comparable only within one answer. */
  score: number;
}

export interface DocumentIndex {
  /** Extracts and indexes a document; rejects with a clear message when the file cannot be read as text. */
  add(document: DocumentToIndex, options?: { signal?: AbortSignal }): Promise<IndexedDocument>;
  /**
   * A document's whole extracted text, for a document that fits the model's context; null when this
   * index keeps no whole text (the RAG API only answers queries) or the document is unknown.
   */
  wholeText(userId: string, fileId: string): Promise<string | null>;
  /** The best passages for a question among the given documents of one user, best first. */
  search(query: { userId: string; fileIds: readonly string[]; question: string; limit: number }, options?: { signal?: AbortSignal }): Promise<DocumentPassage[]>;
  /** Forgets the given documents of one user; unknown ids are not an error. */
  remove(userId: string, fileIds: readonly string[]): Promise<void>;
}
