import type { EnqueuedTask } from 'meilisearch';
import type { DocumentChunksInput } from '../../store/repositories/document-chunks.js';
import type { Store } from '../../store/types.js';
import type { ReindexProgress } from '../types.js';
import type { MeiliConnection } from './meili-connection.js';
import { filterList, passageFilter, primaryKeys, toPassageDocuments } from './meili-documents.js';

/** Walks every stored document (text and chunks) in store batches; the whole collection is never in memory. */
async function forEachDocumentBatch(store: Store, batchSize: number, visit: (documents: DocumentChunksInput[]) => Promise<void>): Promise<void> {
  let after: string | null = null;
  do {
    const batch = await store.documentChunks.exportBatch(after, batchSize);
    if (batch.items.length > 0) await visit(batch.items);
    after = batch.next;
  } while (after !== null);
}

const ownerKey = (userId: string, fileId: string) => JSON.stringify([userId, fileId]);

/**
 * Enqueues the replacement of some documents' passages: every old passage of `owners` deleted (one
 * task per owner, filtered by owner), then the `current` ones, which the store still has, added in one
 * task after. Each task is accepted before the next is sent, so Meilisearch applies them in this order.
 */
export async function enqueuePassageReplacement(
  connection: MeiliConnection,
  owners: ReadonlyArray<{ userId: string; fileId: string }>,
  current: readonly DocumentChunksInput[],
): Promise<EnqueuedTask[]> {
  const index = connection.index('document_chunks');
  const fileIdsByUser = new Map<string, Set<string>>();
  for (const { userId, fileId } of owners) fileIdsByUser.set(userId, (fileIdsByUser.get(userId) ?? new Set()).add(fileId));
  const tasks: EnqueuedTask[] = [];
  for (const [userId, fileIds] of fileIdsByUser) tasks.push(await index.deleteDocuments({ filter: passageFilter(userId, [...fileIds]) }));
  const passages = current.flatMap(toPassageDocuments);
  if (passages.length > 0) tasks.push(await index.addDocuments(passages, { primaryKey: primaryKeys.document_chunks }));
  return tasks;
}

/**
 * The start-up drift check for document passages: a document is re-sent when Meilisearch holds a
 * different number of passages for it, or under another file name (a write missed while the outbox
 * was off, an index wiped). Passages carry no timestamp, so a text rewritten to the same number of
 * chunks during such a gap is only repaired by `chatbox search reindex`. Returns the passages re-sent.
 */
export async function resendDriftedPassages(connection: MeiliConnection, store: Store, batchSize: number): Promise<number> {
  let resent = 0;
  await forEachDocumentBatch(store, batchSize, async (documents) => {
    const expected = documents.reduce((sum, document) => sum + document.chunks.length, 0);
    // Stray passages (of a file id another user shares, or left over) must fit the page too.
    const indexed = await connection.index('document_chunks').getDocuments<Record<string, unknown>>({
      filter: `file_id IN ${filterList([...new Set(documents.map((document) => document.fileId))])}`,
      fields: ['user', 'file_id', 'file_name'],
      limit: 2 * expected + documents.length,
    });
    const found = new Map<string, { count: number; names: Set<unknown> }>();
    for (const passage of indexed.results) {
      const key = ownerKey(String(passage.user), String(passage.file_id));
      const seen = found.get(key) ?? { count: 0, names: new Set() };
      seen.count += 1;
      seen.names.add(passage.file_name);
      found.set(key, seen);
    }
    const drifted = documents.filter(({ userId, fileId, fileName, chunks }) => {
      const seen = found.get(ownerKey(userId, fileId));
      if (!seen) return chunks.length > 0;
      return seen.count !== chunks.length || seen.names.size !== 1 || !seen.names.has(fileName);
    });
    if (drifted.length === 0) return;
    for (const task of await enqueuePassageReplacement(connection, drifted, drifted)) await connection.settle(task);
    resent += drifted.reduce((sum, document) => sum + document.chunks.length, 0);
  });
  return resent;
}

/** chatbox search reindex: empties the passage index and sends every stored document's passages again. */
export async function resendAllPassages(connection: MeiliConnection, store: Store, batchSize: number, onProgress?: (progress: ReindexProgress) => void): Promise<number> {
  const index = connection.index('document_chunks');
  await connection.settle(index.deleteAllDocuments());
  let done = 0;
  onProgress?.({ index: 'document_chunks', done });
  await forEachDocumentBatch(store, batchSize, async (documents) => {
    const passages = documents.flatMap(toPassageDocuments);
    if (passages.length > 0) await connection.settle(index.addDocuments(passages, { primaryKey: primaryKeys.document_chunks }));
    done += passages.length;
    onProgress?.({ index: 'document_chunks', done });
  });
  return done;
}
