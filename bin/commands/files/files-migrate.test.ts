import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../config/index.js';
import type { ChatboxConfig } from '../../../config/types.js';
import { createSqliteStore, type SqliteStore } from '../../../core/store/sqlite/index.js';
import { firebaseFileStoragePlugin, localFileStoragePlugin, s3FileStoragePlugin } from '../../../plugins/file-storage/index.js';
import { startS3Double, type S3Double } from '../../../testing/s3-double/index.js';
import { filesMigrate } from './files-migrate.js';

/**
 * The command's own steps in-process with the real storage plugins: local files move into `s3` (the
 * real plugin against the S3 double), and `firebase` without its variables cannot start.
 */
let base: string;
let config: ChatboxConfig;
let store: SqliteStore;
let printed: string[];
let s3: S3Double;

const plugins = [localFileStoragePlugin, s3FileStoragePlugin, firebaseFileStoragePlugin];

beforeEach(async () => {
  base = mkdtempSync(join(tmpdir(), 'chatbox-files-migrate-'));
  s3 = await startS3Double();
  config = await loadConfig({ dataDir: join(base, 'data'), env: { ...s3.environment } });
  store = createSqliteStore({ filename: join(config.dataDir, 'chatbox.sqlite') });
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
  await s3.close();
  rmSync(base, { recursive: true, force: true });
});

async function* bytesOf(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text);
}

async function localFile(userId: string, fileId: string, text: string): Promise<void> {
  const local = await localFileStoragePlugin.setup({ settings: { uploadsDir: join(config.dataDir, 'uploads') }, log: { debug() {}, info() {}, warn() {}, error() {} } });
  const saved = await local.save({ userId, fileName: `${fileId}.txt`, mediaType: 'text/plain', body: bytesOf(text) });
  await store.files.upsert({ file_id: fileId, user: userId, filename: `${fileId}.txt`, filepath: saved.path, type: 'text/plain', bytes: saved.bytes, source: 'local', context: 'message_attachment', embedded: false, width: null, height: null, conversationId: null });
}

describe('filesMigrate', () => {
  it('moves local files into another storage with a progress line per file, and says to switch fileStrategy', async () => {
    const ada = await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', provider: 'local', passwordHash: 'hash' });
    await localFile(ada.id, 'one', 'first file');
    await localFile(ada.id, 'two', 'the second file');

    await filesMigrate(config, store, { to: 's3' }, plugins);

    expect(printed).toEqual([
      expect.stringMatching(/^\[1\/2\] < 0\.01 MB of < 0\.01 MB {2}moved one \(local, < 0\.01 MB\)$/),
      expect.stringMatching(/^\[2\/2\] < 0\.01 MB of < 0\.01 MB {2}moved two \(local, < 0\.01 MB\)$/),
      'Moved 2 of 2 file(s), < 0.01 MB, to s3. 0 were already there.',
      'New uploads still go to fileStrategy local: set fileStrategy: s3 in librechat.yaml and restart chatbox to keep them in s3.',
    ]);
    expect(await store.files.find(ada.id, 'one')).toMatchObject({ source: 's3', filepath: `/uploads/${ada.id}/one.txt` });
    expect(s3.bucket.objects.get(`uploads/${ada.id}/two.txt`)?.body.toString()).toBe('the second file');
    expect(readdirSync(join(config.dataDir, 'uploads', ada.id))).toEqual([]);
    expect(existsSync(join(config.dataDir, 'files-migration.pid'))).toBe(false);
  });

  it('removes the multipart upload a run killed mid-copy left in S3 and the .partial file of a killed upload, then moves', async () => {
    const ada = await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', provider: 'local', passwordHash: 'hash' });
    await localFile(ada.id, 'one', 'first file');
    // What `kill -9` in the middle of an earlier run left: an S3 multipart upload with a part, begun two hours ago,
    const killed = s3.bucket.createUpload(`uploads/${ada.id}/big.bin`, 'application/octet-stream');
    s3.bucket.putPart(killed.key, killed.uploadId, 1, Buffer.alloc(5 * 1024 * 1024));
    killed.initiated = new Date(Date.now() - 2 * 60 * 60 * 1000);
    // and, from a server killed mid-upload, a local temporary file untouched as long.
    const partial = join(config.dataDir, 'uploads', ada.id, '.0b5e.partial');
    writeFileSync(partial, 'half');
    utimesSync(partial, killed.initiated, killed.initiated);

    await filesMigrate(config, store, { to: 's3', dryRun: true }, plugins);
    expect(printed).toEqual(expect.arrayContaining(['Would remove 1 leftover(s) of saves cut off by a crash from s3.', 'Would remove 1 leftover(s) of saves cut off by a crash from local, < 0.01 MB.']));
    expect(s3.bucket.uploads.size).toBe(1);
    printed.length = 0;

    await filesMigrate(config, store, { to: 's3' }, plugins);
    expect(printed).toEqual([
      expect.stringMatching(/^\[1\/1\] .* moved one \(local, < 0\.01 MB\)$/),
      'Removed 1 leftover(s) of saves cut off by a crash from s3.',
      'Removed 1 leftover(s) of saves cut off by a crash from local, < 0.01 MB.',
      'Moved 1 of 1 file(s), < 0.01 MB, to s3. 0 were already there.',
      'New uploads still go to fileStrategy local: set fileStrategy: s3 in librechat.yaml and restart chatbox to keep them in s3.',
    ]);
    expect(s3.bucket.uploads.size).toBe(0);
    expect(readdirSync(join(config.dataDir, 'uploads', ada.id))).toEqual([]);
  });

  it('names a storage that cannot start, and changes nothing', async () => {
    const ada = await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', provider: 'local', passwordHash: 'hash' });
    await localFile(ada.id, 'one', 'first file');
    await expect(filesMigrate(config, store, { to: 'firebase' }, plugins)).rejects.toThrow(/^the firebase storage cannot start: [^]*FIREBASE_API_KEY is required for fileStrategy: firebase/);
    expect(await store.files.find(ada.id, 'one')).toMatchObject({ source: 'local' });
    expect(existsSync(join(config.dataDir, 'files-migration.pid'))).toBe(false);
  });
});
