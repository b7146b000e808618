import { Meilisearch } from 'meilisearch';
import { passageFilter } from '../meilisearch/meili-documents.js';
import type { ChunkHit } from '../../store/repositories/document-chunks.js';
import type { PassageRanker } from './passage-ranker.js';

export interface MeiliPassageRankerOptions {
  host: string;
  apiKey: string;
  /** The index is `<prefix>document_chunks`, the prefix of the conversation search's indexes (tests share one server). */
  indexPrefix?: string;
  requestTimeoutMs?: number;
}

/**
 * Document passages ranked by Meilisearch, filtered by owner and file inside Meilisearch on every
 * search. It only reads: passages reach the index through the search outbox (the store records a
 * change with every document write, the Meilisearch search backend sends it and owns the index's
 * settings), so an upload never waits for Meilisearch. Until a passage has arrived, or while
 * Meilisearch cannot answer, the store ranks instead (see built-in-document-index.ts).
 */
export function createMeiliPassageRanker(options: MeiliPassageRankerOptions): PassageRanker {
  const client = new Meilisearch({ host: options.host, apiKey: options.apiKey, timeout: options.requestTimeoutMs ?? 5_000 });
  const uid = `${options.indexPrefix ?? ''}document_chunks`;
  return {
    async search({ userId, fileIds, terms, limit }) {
      // One query per word in one multi-search, merged here: a question's words are mostly absent
      // from any one passage, and Meilisearch's matching strategies need its first (or every) word.
      const filter = passageFilter(userId, fileIds);
      const { results } = await client.multiSearch({
        queries: terms.map((term) => ({ indexUid: uid, q: term, filter, limit: Math.max(limit * 5, 20), showRankingScore: true, attributesToRetrieve: ['id', 'file_id', 'file_name', 'text'] })),
      });
      const merged = new Map<string, ChunkHit>();
      for (const result of results) {
        // A word found in few passages says more than one found everywhere (Meilisearch scores each hit alone).
        const weight = 1 / Math.log2(2 + (result.estimatedTotalHits ?? result.hits.length));
        for (const hit of result.hits) {
          const id = String(hit.id);
          const known = merged.get(id) ?? { fileId: String(hit.file_id), fileName: String(hit.file_name), text: String(hit.text), score: 0 };
          known.score += weight * (hit._rankingScore ?? 0);
          merged.set(id, known);
        }
      }
      return [...merged.values()].sort((first, second) => second.score - first.score).slice(0, limit);
    },
  };
}
