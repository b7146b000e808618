import type { EnqueuedTask, EnqueuedTaskPromise } from 'meilisearch';
import type { DocumentChunksInput } from '../../store/repositories/document-chunks.js';
import type { Store } from '../../store/types.js';
import type { SearchIndexName, SearchOutboxEntry } from '../../store/repositories/search-outbox.js';
import { filterList, filterValue, primaryKeys, toConversationDocument, toDocumentId, toMessageDocument } from './meili-documents.js';
import { enqueuePassageReplacement } from './meili-passage-sync.js';
import type { MeiliConnection } from './meili-connection.js';

/**
 * Applies one claimed batch of outbox entries to Meilisearch and waits until it has processed them.
 *
 * Runs of `document` entries are reconciled with the store: a record that still exists is upserted
 * with its current content, a missing one is deleted. So a message written ten times while Meilisearch
 * was down is sent once, as it is now. Deletes are filtered by user as well as by id, so they can
 * only ever remove that user's documents. Runs are sent in entry order, and Meilisearch processes
 * tasks in the order they were enqueued, so a bulk delete followed by a re-created record ends with
 * the record indexed. A document's passages are replaced whole: its old ones deleted, its current ones
 * (if the store still has it) added after.
 */
export async function applyOutboxBatch(connection: MeiliConnection, store: Store, entries: SearchOutboxEntry[]): Promise<void> {
  const tasks: EnqueuedTask[] = [];
  let run: SearchOutboxEntry[] = [];
  const flushRun = async () => {
    if (run.length > 0) tasks.push(...(await reconcileDocuments(connection, store, run)));
    run = [];
  };
  for (const entry of entries) {
    if (entry.kind === 'document') {
      run.push(entry);
      continue;
    }
    await flushRun();
    const scope = entry.kind === 'conversation' ? ` AND conversationId = ${filterValue(entry.documentId)}` : '';
    tasks.push(await enqueued(connection.index(entry.index).deleteDocuments({ filter: `user = ${filterValue(entry.userId)}${scope}` })));
  }
  await flushRun();
  // Settle every task, not just the last: a failed one must fail the batch so it is retried.
  for (const task of tasks) await connection.settle(task);
}

const lookupsInFlight = 50;

/**
 * Waits until Meilisearch has accepted (enqueued) the task before the caller sends the next one:
 * requests in flight together could be enqueued in either order.
 */
async function enqueued(task: EnqueuedTaskPromise): Promise<EnqueuedTask> {
  return await task;
}

async function reconcileDocuments(connection: MeiliConnection, store: Store, entries: SearchOutboxEntry[]): Promise<EnqueuedTask[]> {
  const tasks: EnqueuedTask[] = await reconcilePassages(connection, store, entries.filter((entry) => entry.index === 'document_chunks'));
  for (const index of ['convos', 'messages'] as const satisfies SearchIndexName[]) {
    const unique = new Map<string, { userId: string; documentId: string }>();
    for (const entry of entries) if (entry.index === index) unique.set(`${entry.userId}\u0000${entry.documentId}`, entry);
    if (unique.size === 0) continue;

    const upserts: object[] = [];
    const deletesByUser = new Map<string, string[]>();
    const changes = [...unique.values()];
    // Lookups are independent: a slice at a time in flight, since each is a round trip on MongoDB.
    for (let start = 0; start < changes.length; start += lookupsInFlight) {
      const slice = changes.slice(start, start + lookupsInFlight);
      const documents = await Promise.all(slice.map(({ userId, documentId }) => currentDocument(store, index, userId, documentId)));
      slice.forEach(({ userId, documentId }, position) => {
        const document = documents[position];
        if (document) return void upserts.push(document);
        const id = toDocumentId(documentId);
        if (id !== null) deletesByUser.set(userId, [...(deletesByUser.get(userId) ?? []), id]);
      });
    }
    const target = connection.index(index);
    if (upserts.length > 0) tasks.push(await enqueued(target.addDocuments(upserts, { primaryKey: primaryKeys[index] })));
    for (const [userId, ids] of deletesByUser) {
      tasks.push(await enqueued(target.deleteDocuments({ filter: `user = ${filterValue(userId)} AND ${primaryKeys[index]} IN ${filterList(ids)}` })));
    }
  }
  return tasks;
}

/** Each document named once, replaced whole with what the store has now (nothing, when it is gone). */
async function reconcilePassages(connection: MeiliConnection, store: Store, entries: SearchOutboxEntry[]): Promise<EnqueuedTask[]> {
  const owners = [...new Map(entries.map(({ userId, documentId }) => [`${userId}\u0000${documentId}`, { userId, fileId: documentId }])).values()];
  if (owners.length === 0) return [];
  const current: DocumentChunksInput[] = [];
  for (const { userId, fileId } of owners) {
    const document = await store.documentChunks.read(userId, fileId);
    if (document) current.push(document);
  }
  return enqueuePassageReplacement(connection, owners, current);
}

async function currentDocument(store: Store, index: SearchIndexName, userId: string, documentId: string): Promise<object | null> {
  if (index === 'messages') {
    const message = await store.messages.find(userId, documentId);
    return message ? toMessageDocument(message) : null;
  }
  const conversation = await store.conversations.find(userId, documentId);
  return conversation ? toConversationDocument(conversation) : null;
}
