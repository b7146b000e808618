import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeFileStorageConformance } from '../../../testing/file-storage-conformance.js';
import type { FileStorage } from '../../../core/plugin-api/index.js';
import { createLocalFileStorage } from './local-file-storage.js';

const listFolder = (folder: string): string[] => {
  try {
    return readdirSync(folder).sort();
  } catch {
    return [];
  }
};

describeFileStorageConformance('local', async () => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'chatbox-local-storage-'));
  return {
    storage: createLocalFileStorage({ uploadsDir }),
    storedNames: async (userId) => listFolder(join(uploadsDir, userId)),
    cleanup: async () => rmSync(uploadsDir, { recursive: true, force: true }),
  };
});

describe('local file storage paths', () => {
  let base: string;
  let uploadsDir: string;
  let storage: FileStorage;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'chatbox-local-paths-'));
    uploadsDir = join(base, 'uploads');
    storage = createLocalFileStorage({ uploadsDir });
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const body = async function* () {
    yield Buffer.from('x');
  };

  it('stores under <uploadsDir>/<userId>/<fileName> and answers /uploads/<userId>/<fileName>', async () => {
    const saved = await storage.save({ userId: 'u1', fileName: 'a.txt', mediaType: 'text/plain', body: body() });
    expect(saved.path).toBe('/uploads/u1/a.txt');
    expect(listFolder(join(uploadsDir, 'u1'))).toEqual(['a.txt']);
    expect(await storage.url(saved.path)).toBe('/uploads/u1/a.txt');
  });

  it('removes the temporary files hard-killed saves left, untouched since the cut-off, and nothing else', async () => {
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await storage.save({ userId: 'u1', fileName: 'kept.txt', mediaType: 'text/plain', body: body() });
    for (const [user, name, old] of [['u1', '.killed.partial', true], ['u2', '.killed-too.partial', true], ['u1', '.in-flight.partial', false], ['u1', 'old-but-stored.txt', true]] as const) {
      mkdirSync(join(uploadsDir, user), { recursive: true });
      writeFileSync(join(uploadsDir, user, name), 'abc');
      if (old) utimesSync(join(uploadsDir, user, name), new Date(hourAgo.getTime() - 1000), new Date(hourAgo.getTime() - 1000));
    }
    expect(await storage.removeLeftovers!({ before: hourAgo, dryRun: true })).toEqual({ count: 2, bytes: 6 });
    expect(listFolder(join(uploadsDir, 'u2'))).toEqual(['.killed-too.partial']);
    expect(await storage.removeLeftovers!({ before: hourAgo })).toEqual({ count: 2, bytes: 6 });
    expect(listFolder(join(uploadsDir, 'u1'))).toEqual(['.in-flight.partial', 'kept.txt', 'old-but-stored.txt']);
    expect(listFolder(join(uploadsDir, 'u2'))).toEqual([]);
  });

  it('finds no leftovers in an uploads folder that does not exist yet', async () => {
    expect(await storage.removeLeftovers!({ before: new Date() })).toEqual({ count: 0, bytes: 0 });
  });

  it.each([
    ['..', 'a.txt'],
    ['u1', '../a.txt'],
    ['u1/../u2', 'a.txt'],
    ['u1', '.hidden'],
    ['', 'a.txt'],
    ['u1', 'a\\..\\b'],
  ])('refuses to save user %j, file %j outside a user folder', async (userId, fileName) => {
    await expect(storage.save({ userId, fileName, mediaType: 'text/plain', body: body() })).rejects.toThrow('Invalid file path');
    expect(listFolder(base)).toEqual([]);
  });

  it.each(['/uploads/u1/../../secret.txt', '/uploads/../secret.txt', '/etc/passwd', 'uploads/u1/a.txt', '/uploads/u1/a/b.txt', '/uploads/u1/.x.partial'])(
    'refuses to read or delete the path %j',
    async (path) => {
      writeFileSync(join(base, 'secret.txt'), 'secret');
      await expect(storage.readStream(path)).rejects.toThrow('Invalid file path');
      await expect(storage.delete(path)).rejects.toThrow('Invalid file path');
      expect(listFolder(base)).toEqual(['secret.txt']);
    },
  );
});
