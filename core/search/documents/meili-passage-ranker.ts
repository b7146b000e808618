import { createHash } from 'node:crypto';
import { MeilisearchApiError, Meilisearch, type EnqueuedTaskPromise } from 'meilisearch';
import { filterList, filterValue } from '../meilisearch/meili-documents.js';
import type { ChunkHit } from '../../store/repositories/document-chunks.js';
import type { PassageRanker } from './passage-ranker.js';

export interface MeiliPassageRankerOptions {
  host: string;
  apiKey: string;
  /** The index is `<prefix>document_chunks` (tests share one server). */
  indexPrefix?: string;
  requestTimeoutMs?: number;
  taskTimeoutMs?: number;
}

const settings = {
  searchableAttributes: ['text'],
  filterableAttributes: ['user', 'file_id'],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'exactness'],
};

/**
 * Document passages ranked by Meilisearch: one document per chunk, carrying its owner, filtered by
 * owner and file inside Meilisearch on every search. Written straight at upload (the upload waits for
 * the task), not through the conversation outbox: a chunk that failed to arrive is still in the store,
 * which ranks when Meilisearch cannot.
 */
export function createMeiliPassageRanker(options: MeiliPassageRankerOptions): PassageRanker {
  const client = new Meilisearch({ host: options.host, apiKey: options.apiKey, timeout: options.requestTimeoutMs ?? 5_000 });
  const uid = `${options.indexPrefix ?? ''}document_chunks`;
  const index = client.index(uid);
  let ready: Promise<void> | null = null;

  const settle = async (task: EnqueuedTaskPromise): Promise<void> => {
    const done = await client.tasks.waitForTask(await task, { timeout: options.taskTimeoutMs ?? 30_000, interval: 50 });
    if (done.status !== 'succeeded') throw new Error(`Meilisearch task ${done.uid} (${done.type}) ${done.status}: ${done.error?.message ?? 'no reason given'}`);
  };
  const ensureIndex = () =>
    (ready ??= (async () => {
      try {
        await client.getRawIndex(uid);
      } catch (error) {
        if (!(error instanceof MeilisearchApiError) || error.cause?.code !== 'index_not_found') throw error;
        await settle(client.createIndex(uid, { primaryKey: 'id' }));
      }
      await settle(index.updateSettings(settings));
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    }));
  const fileFilter = (userId: string, fileIds: readonly string[]) => `user = ${filterValue(userId)} AND file_id IN ${filterList([...fileIds])}`;

  return {
    async write({ userId, fileId, fileName, chunks }) {
      await ensureIndex();
      await settle(index.deleteDocuments({ filter: fileFilter(userId, [fileId]) }));
      if (chunks.length === 0) return;
      const prefix = chunkIdPrefix(userId, fileId);
      await settle(index.addDocuments(chunks.map((text, position) => ({ id: `${prefix}-${position}`, user: userId, file_id: fileId, file_name: fileName, position, text }))));
    },
    async search({ userId, fileIds, terms, limit }) {
      await ensureIndex();
      // One query per word in one multi-search, merged here: a question's words are mostly absent
      // from any one passage, and Meilisearch's matching strategies need its first (or every) word.
      const filter = fileFilter(userId, fileIds);
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
    async remove(userId, fileIds) {
      if (fileIds.length === 0) return;
      await ensureIndex();
      await settle(index.deleteDocuments({ filter: fileFilter(userId, fileIds) }));
    },
  };
}

/** Meilisearch ids allow only [A-Za-z0-9_-]: owner and file hashed into one, the position after it. */
function chunkIdPrefix(userId: string, fileId: string): string {
  return createHash('sha256').update(`${userId}\0${fileId}`).digest('hex').slice(0, 40);
}
