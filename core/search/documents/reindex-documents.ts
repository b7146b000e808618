import type { FastifyBaseLogger } from 'fastify';
import { documentKindOf, type DocumentIndex } from '../../files/index.js';
import type { FileStorages } from '../../plugin-host/file-storages.js';
import type { StoredFile } from '../../store/repositories/files.js';
import type { Store } from '../../store/types.js';
import { indexDocument } from './index-document.js';

/** What became of one document. */
export type ReindexOutcome = 'indexed' | 'unreadable' | 'failed' | 'skipped';

export interface ReindexProgress {
  done: number;
  total: number;
  file: StoredFile;
  outcome: ReindexOutcome;
  /** Why it failed or was skipped. */
  reason?: string;
}

export interface ReindexReport {
  /** Documents whose record was not `embedded`. */
  total: number;
  indexed: number;
  /** Stored, but their text cannot be read (a scanned PDF, a damaged file): counted, left unsearchable. */
  unreadable: number;
  /** The index or the storage failed for them (the RAG API down …): left as they were, to retry. */
  failed: number;
  /** No storage serves their source (a RAG API record, `vectordb`, whose bytes chatbox never had). */
  skipped: number;
}

export interface ReindexDocumentsOptions {
  store: Store;
  storages: FileStorages;
  documents: DocumentIndex;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Only this user's documents; every user's when absent. */
  userId?: string;
  onProgress?(progress: ReindexProgress): void;
}

/**
 * Indexes every stored document whose record is not `embedded` (uploaded before the document index
 * existed, restored or imported unindexed, or whose indexing failed), one at a time, exactly as an
 * upload is indexed (indexDocument), except that a failure never removes the user's file.
 */
export async function reindexDocuments(options: ReindexDocumentsOptions): Promise<ReindexReport> {
  const pending = await unindexedDocuments(options.store, options.userId);
  const report: ReindexReport = { total: pending.length, indexed: 0, unreadable: 0, failed: 0, skipped: 0 };
  for (const [index, file] of pending.entries()) {
    const { outcome, reason } = await reindexOne(file, options);
    report[outcome] += 1;
    options.onProgress?.({ done: index + 1, total: pending.length, file, outcome, ...(reason ? { reason } : {}) });
  }
  return report;
}

async function reindexOne(file: StoredFile, options: ReindexDocumentsOptions): Promise<{ outcome: ReindexOutcome; reason?: string }> {
  try {
    if (!(await options.storages.forSource(file.source))) return { outcome: 'skipped', reason: `no file storage serves the source "${file.source}"` };
    const indexed = await indexDocument(file, options, { undoOnFailure: false });
    return indexed.embedded ? { outcome: 'indexed' } : { outcome: 'unreadable', reason: 'its text cannot be read' };
  } catch (error) {
    return { outcome: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The records to index: documents (by their type) not `embedded`, read a batch at a time. */
async function unindexedDocuments(store: Store, userId: string | undefined): Promise<StoredFile[]> {
  const wanted = (file: StoredFile) => !file.embedded && documentKindOf(file.type) !== null;
  if (userId !== undefined) return (await store.files.list(userId)).filter(wanted);
  const found: StoredFile[] = [];
  let after: string | null = null;
  do {
    const batch = await store.files.exportBatch(after, 500);
    found.push(...batch.items.filter(wanted));
    after = batch.next;
  } while (after !== null);
  return found;
}
