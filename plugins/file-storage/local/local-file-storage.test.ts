import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
