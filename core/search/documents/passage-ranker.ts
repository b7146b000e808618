import type { ChunkHit } from '../../store/repositories/document-chunks.js';

/**
 * Where passages are ranked when it is not the store itself: Meilisearch, when configured. The store
 * always keeps the text and chunks (for whole-document context, and as the fallback ranking).
 */
export interface PassageRanker {
  search(query: { userId: string; fileIds: readonly string[]; terms: readonly string[]; limit: number }): Promise<ChunkHit[]>;
}
