import type { ChunkHit } from '../../store/repositories/document-chunks.js';

/** A document's chunks as a ranker receives them. */
export interface RankedDocument {
  userId: string;
  fileId: string;
  fileName: string;
  chunks: readonly string[];
}

/**
 * Where passages are ranked when it is not the store itself: Meilisearch, when configured. The store
 * always keeps the text and chunks (for whole-document context, and as the fallback ranking).
 */
export interface PassageRanker {
  write(document: RankedDocument): Promise<void>;
  search(query: { userId: string; fileIds: readonly string[]; terms: readonly string[]; limit: number }): Promise<ChunkHit[]>;
  remove(userId: string, fileIds: readonly string[]): Promise<void>;
}
