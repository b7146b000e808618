import type { Store } from '../../store/types.js';
import type { ConversationIndexName, SearchSourceRecords } from '../../store/repositories/search-outbox.js';
import type { ReindexProgress } from '../types.js';
import { filterList, primaryKeys, toConversationDocument, toMessageDocument, type ConversationDocument, type MessageDocument } from './meili-documents.js';
import type { MeiliConnection } from './meili-connection.js';

type IndexedDocument = MessageDocument | ConversationDocument;

const toDocument = (index: ConversationIndexName, record: SearchSourceRecords[ConversationIndexName]): IndexedDocument | null =>
  index === 'messages' ? toMessageDocument(record as SearchSourceRecords['messages']) : toConversationDocument(record as SearchSourceRecords['convos']);

const documentId = (index: ConversationIndexName, document: IndexedDocument): string =>
  (document as unknown as Record<string, string>)[primaryKeys[index]];

/** Walks every record of an index in store batches; the whole collection is never in memory. */
async function forEachBatch(store: Store, index: ConversationIndexName, batchSize: number, visit: (documents: IndexedDocument[]) => Promise<void>): Promise<void> {
  let cursor: string | null = null;
  do {
    const batch: { records: Array<SearchSourceRecords[ConversationIndexName]>; cursor: string | null } = await store.searchOutbox.scan(index, cursor, batchSize);
    const documents = batch.records.map((record) => toDocument(index, record)).filter((document) => document !== null);
    if (documents.length > 0) await visit(documents);
    cursor = batch.cursor;
  } while (cursor !== null);
}

/**
 * The start-up drift check: compares each store batch with the documents Meilisearch has under those
 * ids and re-sends the ones that are missing or older (another process wrote while the outbox was
 * off, an index was wiped, a task was lost). Returns how many documents it re-sent.
 */
export async function resendDrifted(connection: MeiliConnection, store: Store, index: ConversationIndexName, batchSize: number): Promise<number> {
  const key = primaryKeys[index];
  let resent = 0;
  await forEachBatch(store, index, batchSize, async (documents) => {
    const ids = documents.map((document) => documentId(index, document));
    const indexed = await connection.index(index).getDocuments<Record<string, unknown>>({
      filter: `${key} IN ${filterList(ids)}`,
      fields: [key, 'updatedAt', 'user'],
      limit: ids.length,
    });
    const known = new Map(indexed.results.map((document) => [String(document[key]), document]));
    const drifted = documents.filter((document) => {
      const found = known.get(documentId(index, document));
      return !found || found.updatedAt !== document.updatedAt || found.user !== document.user;
    });
    if (drifted.length === 0) return;
    await connection.settle(connection.index(index).addDocuments(drifted, { primaryKey: key }));
    resent += drifted.length;
  });
  return resent;
}

/** chatbox search reindex: empties the index and sends every record again, batch by batch. */
export async function resendAll(
  connection: MeiliConnection,
  store: Store,
  index: ConversationIndexName,
  batchSize: number,
  onProgress?: (progress: ReindexProgress) => void,
): Promise<number> {
  await connection.settle(connection.index(index).deleteAllDocuments());
  let done = 0;
  onProgress?.({ index, done });
  await forEachBatch(store, index, batchSize, async (documents) => {
    await connection.settle(connection.index(index).addDocuments(documents, { primaryKey: primaryKeys[index] }));
    done += documents.length;
    onProgress?.({ index, done });
  });
  return done;
}
