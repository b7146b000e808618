import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStorage, PluginLogger } from '../plugin-api/index.js';
import { fileStoragePlugins } from '../../testing/file-storage-plugins.js';
import { createTestStore } from '../../testing/test-store.js';
import type { FileSource, StoredFile } from '../store/repositories/files.js';
import type { Store } from '../store/types.js';
import { createFileMigrationJournal, type FileMigrationJournal } from './file-migration-journal.js';
import { leftoverAgeMs, migrateFiles, type FileMigrationProgress, type MigrateFilesOptions } from './migrate-files.js';

const quiet: PluginLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** A real local storage in its own root, under another strategy label: the second backend of these tests. */
async function localStorageIn(root: string, strategy: string): Promise<FileStorage> {
  const local = fileStoragePlugins.find((plugin) => plugin.name === 'local')!;
  const storage = await local.setup({ settings: { uploadsDir: root }, log: quiet });
  return { ...storage, strategy };
}

async function* bytesOf(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text);
}

describe('migrateFiles', () => {
  let base: string;
  let store: Store;
  let userId: string;
  let from: FileStorage;
  let to: FileStorage;
  let journalPath: string;
  let journal: FileMigrationJournal;

  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'chatbox-migrate-files-'));
    store = await createTestStore();
    userId = (await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', provider: 'local', passwordHash: 'hash' })).id;
    from = await localStorageIn(join(base, 'local'), 'local');
    to = await localStorageIn(join(base, 'target'), 's3');
    journalPath = join(base, 'files-migration.json');
    journal = createFileMigrationJournal(journalPath);
  });
  afterEach(async () => {
    await store.close();
    rmSync(base, { recursive: true, force: true });
  });

  async function storedFile(fileId: string, text: string, source: FileSource = 'local', storage = from): Promise<StoredFile> {
    const saved = await storage.save({ userId, fileName: `${fileId}.txt`, mediaType: 'text/plain', body: bytesOf(text) });
    return store.files.upsert({
      file_id: fileId, user: userId, filename: `${fileId}-name.txt`, filepath: saved.path, type: 'text/plain', bytes: saved.bytes,
      source, context: 'message_attachment', embedded: false, width: null, height: null, conversationId: null,
    });
  }

  const filesIn = (root: string) => (existsSync(join(base, root, userId)) ? readdirSync(join(base, root, userId)).sort() : []);
  const read = async (storage: FileStorage, path: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.readStream(path)) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString();
  };
  const options = (extra: Partial<MigrateFilesOptions> = {}): MigrateFilesOptions => ({
    files: store.files,
    target: { source: 's3', storage: to },
    storageFor: async (source) => (source === 'local' ? from : source === 's3' ? to : null),
    journal,
    batchSize: 2,
    ...extra,
  });

  it('moves every record of another source into the target, with progress, and deletes the originals', async () => {
    await storedFile('one', 'first file');
    await storedFile('two', 'second, longer file');
    await storedFile('three', 'third');
    const already = await storedFile('there', 'already in the target', 's3', to);
    const progress: FileMigrationProgress[] = [];

    const report = await migrateFiles(options({ onProgress: (entry) => progress.push(entry) }));

    expect(report).toMatchObject({ total: 3, totalBytes: 10 + 19 + 5, moved: 3, movedBytes: 34, alreadyThere: 1, failed: [], skipped: [], stopped: false });
    expect(report.bySource).toEqual({ local: { files: 3, bytes: 34 } });
    expect(progress.map((entry) => [entry.done, entry.total, entry.outcome])).toEqual([[1, 3, 'moved'], [2, 3, 'moved'], [3, 3, 'moved']]);
    expect(progress.at(-1)).toMatchObject({ bytesDone: 34, totalBytes: 34 });
    for (const [fileId, text] of [['one', 'first file'], ['two', 'second, longer file'], ['three', 'third']]) {
      const record = (await store.files.find(userId, fileId))!;
      expect(record).toMatchObject({ source: 's3', filename: `${fileId}-name.txt`, bytes: text.length });
      expect(await read(to, record.filepath)).toBe(text);
    }
    expect(await store.files.find(userId, 'there')).toMatchObject({ source: 's3', filepath: already.filepath });
    expect(filesIn('local')).toEqual([]);
    expect(filesIn('target')).toEqual(['one.txt', 'there.txt', 'three.txt', 'two.txt']);
    expect(existsSync(journalPath)).toBe(false);

    // A second run finds nothing left to move.
    expect(await migrateFiles(options())).toMatchObject({ total: 0, moved: 0, alreadyThere: 4 });
  });

  it('--dry-run counts what would move and touches nothing', async () => {
    await storedFile('one', 'first file');
    const report = await migrateFiles(options({ dryRun: true }));
    expect(report).toMatchObject({ total: 1, totalBytes: 10, moved: 0, bySource: { local: { files: 1, bytes: 10 } } });
    expect(await store.files.find(userId, 'one')).toMatchObject({ source: 'local' });
    expect(filesIn('local')).toEqual(['one.txt']);
    expect(filesIn('target')).toEqual([]);
  });

  it('keeps a file whose original is missing or truncated where it is, and goes on with the others', async () => {
    const missing = await storedFile('gone', 'bytes that vanish');
    rmSync(join(base, 'local', userId, 'gone.txt'));
    const short = await storedFile('short', 'twelve bytes');
    writeFileSync(join(base, 'local', userId, 'short.txt'), 'six b.');
    await storedFile('fine', 'fine');

    const report = await migrateFiles(options());

    expect(report.moved).toBe(1);
    expect(report.failed.map((entry) => entry.fileId).sort()).toEqual(['gone', 'short']);
    expect(report.failed.find((entry) => entry.fileId === 'short')?.error).toMatch(/copied 6 bytes but the record says 12/);
    expect(await store.files.find(userId, 'gone')).toMatchObject({ source: 'local', filepath: missing.filepath });
    expect(await store.files.find(userId, 'short')).toMatchObject({ source: 'local', filepath: short.filepath });
    expect(filesIn('target')).toEqual(['fine.txt']);
  });

  it('skips files no storage serves (vectordb) and fails, with the reason, files of a storage that cannot start', async () => {
    await store.files.upsert({
      file_id: 'rag', user: userId, filename: 'notes.pdf', filepath: 'vectordb', type: 'application/pdf', bytes: 10,
      source: 'vectordb', context: 'message_attachment', embedded: true, width: null, height: null, conversationId: null,
    });
    await storedFile('fire', 'in firebase', 'firebase');
    const report = await migrateFiles(options({
      storageFor: async (source) => {
        if (source === 'firebase') throw new Error('FIREBASE_STORAGE_BUCKET is not set');
        return source === 'local' ? from : null;
      },
    }));
    expect(report.skipped).toEqual([{ fileId: 'rag', userId, source: 'vectordb', reason: 'no file storage serves the source "vectordb"' }]);
    expect(report.failed).toEqual([{ fileId: 'fire', userId, source: 'firebase', error: 'the firebase storage cannot start: FIREBASE_STORAGE_BUCKET is not set' }]);
    expect(await store.files.find(userId, 'fire')).toMatchObject({ source: 'firebase' });
  });

  it('stopped by its signal mid-copy: no partial copy, the record unchanged, and the next run finishes', async () => {
    await storedFile('one', 'first file');
    await storedFile('two', 'second file');
    const controller = new AbortController();
    // A target whose save sees the abort after the first chunk, as Ctrl-C during a large copy.
    const aborting: FileStorage = {
      ...to,
      save: (file, saveOptions) => {
        async function* abortAfterFirstChunk(): AsyncGenerator<Uint8Array> {
          for await (const chunk of file.body) {
            yield chunk;
            controller.abort();
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }
        return to.save({ ...file, body: abortAfterFirstChunk() }, saveOptions);
      },
    };

    const stopped = await migrateFiles(options({ target: { source: 's3', storage: aborting }, signal: controller.signal }));

    expect(stopped).toMatchObject({ moved: 0, stopped: true });
    expect(stopped.failed).toHaveLength(1);
    expect(filesIn('target')).toEqual([]);
    expect(await store.files.find(userId, 'one')).toMatchObject({ source: 'local' });
    expect(filesIn('local')).toEqual(['one.txt', 'two.txt']);

    expect(await migrateFiles(options())).toMatchObject({ total: 2, moved: 2, failed: [] });
    expect(filesIn('local')).toEqual([]);
  });

  it('removes what a hard kill left (an old .partial copy in the target, one in a source) before moving, and only counts them with --dry-run', async () => {
    await storedFile('one', 'first file');
    const leftover = (root: string, name: string, ageMs: number) => {
      mkdirSync(join(base, root, userId), { recursive: true });
      writeFileSync(join(base, root, userId, name), 'half a copy');
      const touched = new Date(Date.now() - ageMs);
      utimesSync(join(base, root, userId, name), touched, touched);
    };
    leftover('target', '.killed-copy.partial', leftoverAgeMs + 60_000);
    leftover('local', '.killed-upload.partial', leftoverAgeMs + 60_000);
    // Written a minute ago: a running server's upload in flight, not a leftover.
    leftover('local', '.in-flight.partial', 60_000);

    const dryRun = await migrateFiles(options({ dryRun: true }));
    expect(dryRun.leftovers).toEqual({ s3: { count: 1, bytes: 11 }, local: { count: 1, bytes: 11 } });
    expect(filesIn('target')).toEqual(['.killed-copy.partial']);

    const report = await migrateFiles(options());
    expect(report).toMatchObject({ moved: 1, leftovers: { s3: { count: 1, bytes: 11 }, local: { count: 1, bytes: 11 } }, leftoverErrors: {} });
    expect(filesIn('target')).toEqual(['one.txt']);
    expect(filesIn('local')).toEqual(['.in-flight.partial']);
    expect((await migrateFiles(options())).leftovers).toEqual({});
  });

  it('reports a storage whose leftovers cannot be looked at, and moves the files all the same', async () => {
    await storedFile('one', 'first file');
    const failing: FileStorage = { ...to, removeLeftovers: async () => Promise.reject(new Error('ListMultipartUploads: AccessDenied')) };
    const report = await migrateFiles(options({ target: { source: 's3', storage: failing } }));
    expect(report).toMatchObject({ moved: 1, leftovers: {}, leftoverErrors: { s3: 'ListMultipartUploads: AccessDenied' } });
  });

  it('settles a move a crash cut off after the copy: points the record at the copy and deletes the original', async () => {
    const one = await storedFile('one', 'first file');
    // The crash came after the copy and its journal entry, before the record changed.
    const copy = await to.save({ userId, fileName: 'one.txt', mediaType: 'text/plain', body: bytesOf('first file') });
    await journal.copied({ fileId: 'one', userId, from: { source: 'local', path: one.filepath }, to: { source: 's3', path: copy.path } });

    const report = await migrateFiles(options());

    expect(report).toMatchObject({ recovered: 1, total: 0, moved: 0 });
    expect(await store.files.find(userId, 'one')).toMatchObject({ source: 's3', filepath: copy.path });
    expect(filesIn('local')).toEqual([]);
    expect(await read(to, copy.path)).toBe('first file');
    expect(existsSync(journalPath)).toBe(false);
  });

  it('settles a move whose record was deleted meanwhile: neither the copy nor the original is left behind', async () => {
    const one = await storedFile('one', 'first file');
    const copy = await to.save({ userId, fileName: 'one.txt', mediaType: 'text/plain', body: bytesOf('first file') });
    await journal.copied({ fileId: 'one', userId, from: { source: 'local', path: one.filepath }, to: { source: 's3', path: copy.path } });
    await store.files.delete(userId, ['one']);

    expect(await migrateFiles(options())).toMatchObject({ recovered: 1, total: 0 });
    expect(filesIn('local')).toEqual([]);
    expect(filesIn('target')).toEqual([]);
  });

  it('settles a move that had already switched the record: only the original is deleted', async () => {
    const one = await storedFile('one', 'first file');
    const copy = await to.save({ userId, fileName: 'one.txt', mediaType: 'text/plain', body: bytesOf('first file') });
    await journal.copied({ fileId: 'one', userId, from: { source: 'local', path: one.filepath }, to: { source: 's3', path: copy.path } });
    const { createdAt: _created, updatedAt: _updated, ...fields } = one;
    await store.files.upsert({ ...fields, source: 's3', filepath: copy.path });

    expect(await migrateFiles(options())).toMatchObject({ recovered: 1, total: 0, alreadyThere: 1 });
    expect(filesIn('local')).toEqual([]);
    expect(filesIn('target')).toEqual(['one.txt']);
  });

  it('an earlier move it cannot finish now (a storage that cannot start) is reported and kept in the journal; the rest goes on', async () => {
    // The earlier run moved 'one' out of firebase and switched its record; the crash came before the original was deleted.
    const copy = await storedFile('one', 'first file', 's3', to);
    await storedFile('two', 'second file');
    const entry = { fileId: 'one', userId, from: { source: 'firebase', path: '/bucket/one.txt' }, to: { source: 's3', path: copy.filepath } };
    await journal.copied(entry);
    const report = await migrateFiles(options({
      storageFor: async (source) => {
        if (source === 'firebase') throw new Error('FIREBASE_STORAGE_BUCKET is not set');
        return source === 'local' ? from : null;
      },
    }));
    expect(report.failed).toEqual([{ fileId: 'one', userId, source: 'firebase', error: 'could not finish an earlier move: FIREBASE_STORAGE_BUCKET is not set' }]);
    expect(report).toMatchObject({ recovered: 0, moved: 1, alreadyThere: 1 });
    expect(await store.files.find(userId, 'one')).toMatchObject({ source: 's3', filepath: copy.filepath });
    expect(await store.files.find(userId, 'two')).toMatchObject({ source: 's3' });
    expect(JSON.parse(readFileSync(journalPath, 'utf8'))).toEqual([entry]);
  });

  it('a file whose earlier move is unsettled is not moved again (its journal entry must not be overwritten)', async () => {
    const one = await storedFile('one', 'first file');
    const entry = { fileId: 'one', userId, from: { source: 'local', path: one.filepath }, to: { source: 'firebase', path: '/bucket/one.txt' } };
    await journal.copied(entry);
    const report = await migrateFiles(options({
      storageFor: async (source) => {
        if (source === 'firebase') throw new Error('FIREBASE_STORAGE_BUCKET is not set');
        return source === 'local' ? from : null;
      },
    }));
    expect(report).toMatchObject({ total: 1, moved: 0, recovered: 0 });
    expect(report.failed).toHaveLength(1);
    expect(await store.files.find(userId, 'one')).toMatchObject({ source: 'local', filepath: one.filepath });
    expect(filesIn('local')).toEqual(['one.txt']);
    expect(JSON.parse(readFileSync(journalPath, 'utf8'))).toEqual([entry]);
  });

  it('a copy the journal cannot record is deleted at once, and the record stays on the original', async () => {
    await storedFile('one', 'first file');
    const report = await migrateFiles(options({ journal: { pending: async () => [], copied: async () => { throw new Error('ENOSPC: no space left on device'); }, done: async () => {} } }));
    expect(report.failed).toEqual([{ fileId: 'one', userId, source: 'local', error: 'ENOSPC: no space left on device' }]);
    expect(filesIn('target')).toEqual([]);
    expect(await store.files.find(userId, 'one')).toMatchObject({ source: 'local' });
    expect(filesIn('local')).toEqual(['one.txt']);
  });

  it('refuses a journal file that is not one, instead of guessing', async () => {
    writeFileSync(journalPath, '{"not": "a journal"}');
    await expect(migrateFiles(options())).rejects.toThrow(/is not a files migration journal/);
    expect(readFileSync(journalPath, 'utf8')).toContain('not');
  });
});
