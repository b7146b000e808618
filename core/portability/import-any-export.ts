import type { Store } from '../store/types.js';
import { isGzip } from './archive/archive-layout.js';
import { importUserArchive, type ArchiveImportResult } from './archive/read-archive.js';
import type { FileDestination } from './archive/restore-files.js';
import { importConversations, type ImportProgress, type ImportResult } from './import-conversations.js';

/** `target` and the rest: where an archive's files go (a JSON export has none). */
export interface AnyExportOptions extends FileDestination {
  store: Store;
  userId: string;
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
  if (isGzip(head)) return importUserArchive({ ...options, input: rest });
  return importConversations({ store: options.store, userId: options.userId, onProgress: options.onProgress, input: rest });
}
