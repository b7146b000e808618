import type { FileStorages } from '../plugin-host/file-storages.js';
import type { Store } from '../store/types.js';
import { isGzip } from './archive/archive-layout.js';
import { importUserArchive, type ArchiveImportResult } from './archive/read-archive.js';
import { importConversations, type ImportProgress, type ImportResult } from './import-conversations.js';

export interface AnyExportOptions {
  store: Store;
  userId: string;
  /** Where an archive's files go; a JSON export has none. */
  target: FileStorages['current'];
  input: AsyncIterable<Buffer | string>;
  onProgress?: (progress: ImportProgress) => void;
}

/**
 * One entry for every import (the route, the CLI): an export-all archive by its gzip magic bytes,
 * anything else a conversation export read by content. Only the first chunk is looked at; the
 * rest streams on.
 */
export async function importAnyExport({ input, ...options }: AnyExportOptions): Promise<ImportResult | ArchiveImportResult> {
  const chunks = input[Symbol.asyncIterator]();
  const first = await chunks.next();
  const rest = (async function* () {
    if (!first.done) yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })();
  const head = first.done ? new Uint8Array() : typeof first.value === 'string' ? Buffer.from(first.value) : first.value;
  return isGzip(head) ? importUserArchive({ ...options, input: rest }) : importConversations({ ...options, input: rest });
}
