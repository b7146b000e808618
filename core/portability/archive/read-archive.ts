import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Store } from '../../store/types.js';
import { formatOf } from '../detect-format.js';
import { maxListedFailures, nameOf, storeItem, type ImportProgress, type ImportResult } from '../import-conversations.js';
import { ImportError } from '../imported-conversation.js';
import { isRecord } from '../source-values.js';
import { archiveVersion, conversationsFolder, fileIdOfEntry, filesEntry, manifestEntry, presetsEntry } from './archive-layout.js';
import { loadTarStream } from './load-tar-stream.js';
import { createFileRestorer, type FileCounts, type FileDestination } from './restore-files.js';
import { restorePresets } from './restore-presets.js';

export interface ArchiveImportResult extends ImportResult {
  presets: number;
  files: FileCounts;
}

export interface ArchiveImportOptions extends FileDestination {
  store: Store;
  userId: string;
  /** The archive's bytes (gzipped tar), read as the import goes. */
  input: AsyncIterable<Buffer | string>;
  onProgress?: (progress: ImportProgress) => void;
}

// One conversation's JSON is read whole before it is parsed: past this (four MongoDB documents' worth), it is refused rather than held.
const maxJsonEntryBytes = 64 * 1024 * 1024;

/**
 * Restores an export-all archive (archive-layout.ts) into one user's data, entry by entry as the
 * bytes arrive: presets, files (into `target`, with new ids) and conversations through the chatbox
 * JSON importer, so ids are stable and a second import of the same archive adds nothing. A broken
 * conversation is reported and skipped; a broken archive stops the import with what was read kept.
 */
export async function importUserArchive({ store, userId, input, onProgress, ...destination }: ArchiveImportOptions): Promise<ArchiveImportResult> {
  const tarStream = await loadTarStream();
  const result: ArchiveImportResult = { format: 'chatbox', imported: 0, skipped: 0, failed: [], failedCount: 0, error: null, presets: 0, files: { imported: 0, skipped: 0, failed: 0 } };
  const files = createFileRestorer(store, userId, destination);
  result.files = files.counts;
  const extract = tarStream.extract();
  const unpacking = pipeline(Readable.from(input), createGunzip(), extract);
  // The loop below reports a broken archive; this keeps the pipeline's own rejection from going unhandled.
  unpacking.catch(() => undefined);
  let index = 0;
  let sawManifest = false;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!sawManifest) {
        if (name !== manifestEntry) throw new ImportError('The archive is not a chatbox export: it does not start with manifest.json');
        checkManifest(await readJson(entry, name));
        sawManifest = true;
      } else if (name === presetsEntry) result.presets += await restorePresets(store, userId, await readJson(entry, name));
      else if (name === filesEntry) files.setRecords(await readJson(entry, name));
      else if (fileIdOfEntry(name)) await files.restore(fileIdOfEntry(name)!, entry);
      else if (name.startsWith(conversationsFolder) && name.endsWith('.json')) {
        const value = await readJson(entry, name).catch((error: unknown) => ({ unreadable: error instanceof ImportError ? error.message : String(error) }));
        const item = { index: index++, format: formatOf(value), value };
        files.rewriteReferences(value);
        const outcome = isRecord(value) && 'unreadable' in value ? { reason: String(value.unreadable) } : await storeItem(store, userId, item);
        if (outcome === 'imported') result.imported += 1;
        else if (outcome === 'skipped') result.skipped += 1;
        else {
          result.failedCount += 1;
          if (result.failed.length < maxListedFailures) result.failed.push({ name: nameOf(item), reason: outcome.reason });
        }
        onProgress?.({ processed: result.imported + result.skipped + result.failedCount, imported: result.imported, skipped: result.skipped, failed: result.failedCount });
      } else entry.resume();
    }
    await unpacking;
  } catch (error) {
    if (error instanceof ImportError) result.error = error.message;
    else if (isUnpackError(error)) result.error = `The archive is broken: ${error instanceof Error ? error.message : String(error)}`;
    else throw error;
  } finally {
    extract.destroy();
  }
  if (!sawManifest && !result.error) result.error = 'The archive is empty';
  return result;
}

function checkManifest(manifest: unknown): void {
  if (!isRecord(manifest) || manifest.format !== 'chatbox-export') throw new ImportError('The archive is not a chatbox export: its manifest.json is not one');
  if (manifest.version !== archiveVersion) throw new ImportError(`chatbox export version ${String(manifest.version)} is not supported`);
}

async function readJson(entry: AsyncIterable<unknown>, name: string): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const part of entry) {
    const chunk = Buffer.isBuffer(part) ? part : Buffer.from(String(part));
    size += chunk.length;
    if (size > maxJsonEntryBytes) throw new ImportError(`${name} is too large`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ImportError(`${name} is not valid JSON`);
  }
}

/** A failure of gunzip or the tar parser: the bytes are not a whole archive (cut short, not gzip, not tar). */
function isUnpackError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  return code.startsWith('Z_') || /tar|header|unexpected end|premature/i.test(error.message);
}
