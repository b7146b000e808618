import type { FileStorage, StorageLeftovers } from '../plugin-api/index.js';
import { isFileSource, type FileSource, type FilesRepository, type StoredFile } from '../store/repositories/files.js';
import type { CopiedFile, FileMigrationJournal } from './file-migration-journal.js';
import { extensionOf } from './file-name.js';

export interface MigrateFilesOptions {
  files: Pick<FilesRepository, 'exportBatch' | 'find' | 'upsert'>;
  /** Where every file goes: the strategy name records will carry, and its storage. */
  target: { source: FileSource; storage: FileStorage };
  /** The storage a record's `source` names; null when no plugin serves it (`vectordb`), a rejection when it cannot start. */
  storageFor(source: string): Promise<FileStorage | null>;
  journal: FileMigrationJournal;
  /** Counts what would move and moves nothing (not even an earlier run's leftovers). */
  dryRun?: boolean;
  /** Records read per batch while planning. */
  batchSize?: number;
  /** Stops after the file being copied (whose partial copy the storage removes). */
  signal?: AbortSignal;
  onProgress?(progress: FileMigrationProgress): void;
  /**
   * Leftovers of saves cut off by a hard kill (an earlier run's half-written copy) untouched since
   * this time are removed from the target and from every storage the records are in (counted only,
   * with `dryRun`); the default, `leftoverCutOff()`, spares a running server's uploads.
   */
  leftoversBefore?: Date;
}

/** How long a leftover must have been untouched: a running server's upload in flight is younger (its S3 multipart upload counts from its start). */
export const leftoverAgeMs = 60 * 60 * 1000;

export function leftoverCutOff(now = Date.now()): Date {
  return new Date(now - leftoverAgeMs);
}

/** After each file: how far the run is. */
export interface FileMigrationProgress {
  done: number;
  total: number;
  bytesDone: number;
  totalBytes: number;
  file: StoredFile;
  outcome: 'moved' | 'skipped' | 'failed';
}

export interface FileMigrationReport {
  /** Files to move (their source differs from the target) and their bytes. */
  total: number;
  totalBytes: number;
  /** What would move, by the source it is in now. */
  bySource: Record<string, { files: number; bytes: number }>;
  /** Files already in the target. */
  alreadyThere: number;
  moved: number;
  movedBytes: number;
  /** Moves an earlier, interrupted run had left half done, finished first. */
  recovered: number;
  /** Files left where they are for a reason that is no error (no storage serves their source, deleted meanwhile). */
  skipped: Array<{ fileId: string; userId: string; source: string; reason: string }>;
  /** Files that could not move; each stays where it was, its record unchanged. */
  failed: Array<{ fileId: string; userId: string; source: string; error: string }>;
  /** True when the signal stopped the run before every file was tried. */
  stopped: boolean;
  /** Leftovers of cut-off saves removed (found, with `dryRun`), by storage; storages that had none are left out. */
  leftovers: Record<string, StorageLeftovers>;
  /** Storages whose leftovers could not be looked at, with the reason; the run goes on without. */
  leftoverErrors: Record<string, string>;
}

/**
 * Moves every file record whose `source` is not the target into the target storage, one file at a
 * time: stream the bytes across, write down that the copy is complete (the journal), point the
 * record at the copy, delete the original, strike the journal entry. A record never points at a
 * copy that is not complete; a run stopped at any step leaves a journal entry that the next run
 * settles first; the copy's name is the file id, so a copy cut off by a crash is overwritten by the
 * retry rather than left beside it. Safe to run again at any time: files already moved are skipped.
 */
export async function migrateFiles(options: MigrateFilesOptions): Promise<FileMigrationReport> {
  const storages = cachedStorages(options.storageFor, options.target);
  const report: FileMigrationReport = { total: 0, totalBytes: 0, bySource: {}, alreadyThere: 0, moved: 0, movedBytes: 0, recovered: 0, skipped: [], failed: [], stopped: false, leftovers: {}, leftoverErrors: {} };

  // Files whose earlier move could not be finished now: left alone, so their journal entry (the only
  // note of where the other copy is) stays for the next run.
  const unsettled = new Set<string>();
  if (!options.dryRun) {
    for (const entry of await options.journal.pending()) {
      try {
        await settle(entry, options, storages);
        report.recovered += 1;
      } catch (error) {
        unsettled.add(fileKey(entry.userId, entry.fileId));
        report.failed.push({ fileId: entry.fileId, userId: entry.userId, source: entry.from.source, error: `could not finish an earlier move: ${errorMessage(error)}` });
      }
    }
  }

  // Two passes over the records, a batch at a time (never every record in memory): one counts, for
  // the progress; the other moves. A move rewrites its record in place, so the export order holds.
  await eachRecord(options, async (file) => {
    if (file.source === options.target.source) {
      report.alreadyThere += 1;
      return;
    }
    report.total += 1;
    report.totalBytes += file.bytes;
    const bySource = (report.bySource[file.source] ??= { files: 0, bytes: 0 });
    bySource.files += 1;
    bySource.bytes += file.bytes;
  });
  await removeLeftovers(options, storages, new Set([options.target.source, ...Object.keys(report.bySource)]), report);
  if (options.dryRun) return report;

  let done = 0;
  let bytesDone = 0;
  await eachRecord(options, async (file) => {
    if (file.source === options.target.source) return;
    if (options.signal?.aborted) {
      report.stopped = true;
      return 'stop';
    }
    const outcome = unsettled.has(fileKey(file.user, file.file_id)) ? 'failed' : await moveOne(file, options, storages, report);
    if (outcome === 'moved') {
      report.moved += 1;
      report.movedBytes += file.bytes;
    }
    done += 1;
    bytesDone += file.bytes;
    // A file uploaded to another storage since the count is moved too: the totals grow with it.
    report.total = Math.max(report.total, done);
    report.totalBytes = Math.max(report.totalBytes, bytesDone);
    options.onProgress?.({ done, total: report.total, bytesDone, totalBytes: report.totalBytes, file, outcome });
  });
  return report;
}

async function eachRecord(options: MigrateFilesOptions, visit: (file: StoredFile) => Promise<'stop' | void>): Promise<void> {
  let after: string | null = null;
  do {
    const batch = await options.files.exportBatch(after, options.batchSize ?? 500);
    for (const file of batch.items) if ((await visit(file)) === 'stop') return;
    after = batch.next;
  } while (after !== null);
}

type Storages = (source: string) => Promise<FileStorage | null>;

/**
 * A run killed mid-copy leaves its half-written copy in the target storage (a `.partial` file, an S3
 * multipart upload); the storages of this run's target and sources are swept before anything moves.
 */
async function removeLeftovers(options: MigrateFilesOptions, storages: Storages, sources: ReadonlySet<string>, report: FileMigrationReport): Promise<void> {
  const before = options.leftoversBefore ?? leftoverCutOff();
  for (const source of sources) {
    // A storage that cannot start fails each of its files with the reason; saying it here too is noise.
    const storage = await storages(source).catch(() => null);
    try {
      const found = await storage?.removeLeftovers?.({ before, dryRun: options.dryRun });
      if (found && found.count > 0) report.leftovers[source] = found;
    } catch (error) {
      report.leftoverErrors[source] = errorMessage(error);
    }
  }
}

/** One setup per source for the whole run; a storage that cannot start fails each of its files with its reason. */
function cachedStorages(storageFor: MigrateFilesOptions['storageFor'], target: MigrateFilesOptions['target']): Storages {
  const bySource = new Map<string, Promise<FileStorage | null>>([[target.source, Promise.resolve(target.storage)]]);
  return (source) => {
    let storage = bySource.get(source);
    if (!storage) {
      storage = storageFor(source);
      bySource.set(source, storage);
    }
    return storage;
  };
}

async function moveOne(file: StoredFile, options: MigrateFilesOptions, storages: Storages, report: FileMigrationReport): Promise<FileMigrationProgress['outcome']> {
  const fail = (error: unknown): 'failed' => {
    report.failed.push({ fileId: file.file_id, userId: file.user, source: file.source, error: errorMessage(error) });
    return 'failed';
  };
  let from: FileStorage | null;
  try {
    from = await storages(file.source);
  } catch (error) {
    return fail(new Error(`the ${file.source} storage cannot start: ${errorMessage(error)}`));
  }
  if (!from) {
    report.skipped.push({ fileId: file.file_id, userId: file.user, source: file.source, reason: `no file storage serves the source "${file.source}"` });
    return 'skipped';
  }

  let copy: { path: string; bytes: number };
  try {
    const body = await from.readStream(file.filepath, { signal: options.signal });
    copy = await options.target.storage.save({ userId: file.user, fileName: copyName(file), mediaType: file.type, body }, { signal: options.signal });
  } catch (error) {
    return fail(error);
  }
  // A short read (a truncated original, a backend that cut the stream) must not replace the file.
  if (copy.bytes !== file.bytes) {
    await options.target.storage.delete(copy.path).catch(() => {});
    return fail(new Error(`copied ${copy.bytes} bytes but the record says ${file.bytes}; the original is kept`));
  }

  const entry: CopiedFile = { fileId: file.file_id, userId: file.user, from: { source: file.source, path: file.filepath }, to: { source: options.target.source, path: copy.path } };
  try {
    await options.journal.copied(entry);
  } catch (error) {
    // Not written down, so no later run would know of the copy: it goes now.
    await options.target.storage.delete(copy.path).catch(() => {});
    return fail(error);
  }
  try {
    const moved = await settle(entry, options, storages);
    if (moved) return 'moved';
    report.skipped.push({ fileId: file.file_id, userId: file.user, source: file.source, reason: 'deleted or changed while it was being copied' });
    return 'skipped';
  } catch (error) {
    // The journal entry stays: the next run finishes this file.
    return fail(error);
  }
}

/**
 * Brings one journal entry to its end, whichever step its run stopped at: a record still on the
 * original is pointed at the (complete) copy; then whichever of the two locations the record does
 * not point at is deleted (both when the record was deleted meanwhile). True when the record ends up
 * on the copy.
 */
async function settle(entry: CopiedFile, options: MigrateFilesOptions, storages: Storages): Promise<boolean> {
  // Both storages first: one that cannot start stops the settling before anything changed.
  const storageOf = new Map<string, FileStorage>();
  for (const source of [entry.from.source, entry.to.source]) {
    const storage = await storages(source);
    if (!storage) throw new Error(`no file storage serves the source "${source}"`);
    storageOf.set(source, storage);
  }
  let record = await options.files.find(entry.userId, entry.fileId);
  const pointsAt = (location: CopiedFile['from']) => record !== null && record.source === location.source && record.filepath === location.path;
  if (record && pointsAt(entry.from) && isFileSource(entry.to.source)) {
    const { createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = record;
    record = await options.files.upsert({ ...fields, source: entry.to.source, filepath: entry.to.path });
  }
  for (const location of [entry.from, entry.to]) {
    if (!pointsAt(location)) await storageOf.get(location.source)!.delete(location.path);
  }
  await options.journal.done(entry);
  return pointsAt(entry.to);
}

/** The copy's name: the file id (unique per user) with the stored extension, so a retry writes over a cut-off copy. */
function copyName(file: StoredFile): string {
  return `${file.file_id}${extensionOf(file.filepath) || extensionOf(file.filename)}`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const fileKey = (userId: string, fileId: string) => `${userId}\u0000${fileId}`;
