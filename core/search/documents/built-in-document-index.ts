import { chunkText, defaultChunkOptions, defaultExtractionLimits, documentKindOf, extractText, ExtractionError, type ChunkOptions, type DocumentIndex, type ExtractionLimits } from '../../files/index.js';
import type { PluginLogger } from '../../plugin-api/index.js';
import type { Store } from '../../store/types.js';
import { queryTerms } from '../query-terms.js';
import type { PassageRanker } from './passage-ranker.js';

export interface BuiltInDocumentIndexOptions {
  store: Pick<Store, 'documentChunks'>;
  logger: PluginLogger;
  /** Meilisearch when configured; otherwise the store ranks (SQLite FTS5 bm25, MongoDB BM25 in process). */
  ranker?: PassageRanker;
  limits?: ExtractionLimits;
  chunks?: ChunkOptions;
}

/**
 * chatbox's own document index (issue 16 §5; LibreChat needs a separate RAG service for this): text
 * extracted at upload, chunked, kept in the store and ranked by BM25 for a turn's question. Only the
 * words of a question reach the ranker (queryTerms), never query syntax.
 */
export function createBuiltInDocumentIndex({ store, logger, ranker, limits = defaultExtractionLimits, chunks: chunkOptions = defaultChunkOptions }: BuiltInDocumentIndexOptions): DocumentIndex {
  return {
    async add(document, options) {
      const kind = documentKindOf(document.mediaType);
      if (!kind) throw new ExtractionError(`Files of type ${document.mediaType} are not read as text`);
      const { text, truncated } = await extractText(kind, await document.open(), { limits, signal: options?.signal });
      if (truncated) logger.info(`Document ${document.fileId}: only its first ${limits.maxCharacters} characters are indexed`);
      const chunks = chunkText(text, chunkOptions);
      // With Meilisearch, the store records the change in the search outbox, which feeds it.
      await store.documentChunks.replace({ userId: document.userId, fileId: document.fileId, fileName: document.fileName, text, chunks });
      return { characters: text.length, chunks: chunks.length };
    },
    wholeText(userId, fileId) {
      return store.documentChunks.wholeText(userId, fileId);
    },
    async search({ userId, fileIds, question, limit }) {
      const query = { userId, fileIds, terms: queryTerms(question), limit };
      if (query.terms.length === 0 || fileIds.length === 0) return [];
      const hits = ranker
        ? await ranker.search(query).catch((error: unknown) => {
            // The store holds every chunk too: a turn answers from it rather than without its documents.
            logger.warn(`Ranking document passages in Meilisearch failed, ranked by the store instead: ${error instanceof Error ? error.message : String(error)}`);
            return store.documentChunks.search(query);
          })
        : await store.documentChunks.search(query);
      return hits.map(({ fileId, fileName, text, score }) => ({ fileId, fileName, text, score }));
    },
    async remove(userId, fileIds) {
      await store.documentChunks.remove(userId, fileIds);
    },
  };
}
