import type { FastifyBaseLogger } from 'fastify';
import { documentKindOf, ExtractionError, type DocumentIndex } from '../../files/index.js';
import type { FileStorages } from '../../plugin-host/file-storages.js';
import type { StoredFile } from '../../store/repositories/files.js';
import type { Store } from '../../store/types.js';

/**
 * Makes an uploaded document (or one an export-all archive restores) searchable for turns (issue 16
 * §5): text, code, Markdown, CSV, JSON, PDF and Word files are extracted, chunked and indexed before
 * the upload is answered, and the record
 * says whether that worked (`embedded`, as LibreChat's record does). A file whose text cannot be read
 * (a scanned PDF, a damaged file, the extraction timing out) is still uploaded, only not searchable:
 * the failure is logged, never answered as an error. Any other failure (LibreChat's RAG API refusing
 * the type or being down, the store failing) is answered, and the upload is undone so nothing is left
 * half-stored (unless `undoOnFailure` is false).
 */
export async function indexDocument(
  record: StoredFile,
  context: { store: Store; storages: FileStorages; documents: DocumentIndex; log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
  // A document stored long ago (`chatbox files reindex`) is the user's: a failure leaves it as it was.
  options: { undoOnFailure?: boolean } = {},
): Promise<StoredFile> {
  if (documentKindOf(record.type) === null) return record;
  const storage = await context.storages.forSource(record.source);
  if (!storage) return record;
  try {
    const indexed = await context.documents.add({
      fileId: record.file_id,
      userId: record.user,
      fileName: record.filename,
      mediaType: record.type,
      open: () => storage.readStream(record.filepath),
    });
    context.log.info({ fileId: record.file_id, characters: indexed.characters, chunks: indexed.chunks }, 'document indexed');
  } catch (error) {
    if (!(error instanceof ExtractionError)) {
      if (options.undoOnFailure === false) throw error;
      await context.store.files.delete(record.user, [record.file_id]);
      await storage.delete(record.filepath);
      throw error;
    }
    context.log.warn({ err: error, fileId: record.file_id, type: record.type }, 'the text of an uploaded document could not be read: it is stored, not searchable');
    return record;
  }
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = record;
  return context.store.files.upsert({ ...fields, embedded: true });
}
