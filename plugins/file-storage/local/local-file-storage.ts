import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, FileToSave, StorageLeftovers, StoredFile } from '../../../core/plugin-api/index.js';
import { isPlainSegment } from '../shared/path-segment.js';
import type { LocalFileStorageSettings } from './settings.js';

/** The prefix of every path this storage hands out: `/uploads/<userId>/<fileName>`, as LibreChat's local files. */
const pathPrefix = '/uploads/';

/** A save's temporary name (`.<uuid>.partial`): only a hard kill mid-save leaves one behind. */
const isTemporaryName = (name: string) => name.startsWith('.') && name.endsWith('.partial');

/**
 * Files under `<uploadsDir>/<userId>/<fileName>`. Every path is resolved and must land directly in
 * its user's folder, so neither a crafted user id nor a stored path can reach another folder. A save
 * streams to a hidden temporary name and is renamed only once the stream ended well: a failed or
 * aborted upload leaves nothing, and a reader never sees half a file.
 */
export function createLocalFileStorage(settings: LocalFileStorageSettings): FileStorage {
  const root = resolve(settings.uploadsDir);

  /** The absolute location of `<userId>/<fileName>`, or an error when either is not one plain segment. */
  function locate(userId: string, fileName: string): { folder: string; file: string } {
    const folder = resolve(root, userId);
    const file = resolve(folder, fileName);
    if (!isPlainSegment(userId) || !isPlainSegment(fileName) || dirname(folder) !== root || dirname(file) !== folder) {
      throw new Error('Invalid file path');
    }
    return { folder, file };
  }

  /** Reads back a path this storage handed out. */
  function locatePath(path: string): string {
    if (!path.startsWith(pathPrefix)) throw new Error('Invalid file path');
    const segments = path.slice(pathPrefix.length).split('/');
    if (segments.length !== 2) throw new Error('Invalid file path');
    return locate(segments[0], segments[1]).file;
  }

  return {
    strategy: 'local',

    async save(file: FileToSave, options = {}): Promise<StoredFile> {
      const { folder, file: target } = locate(file.userId, file.fileName);
      await mkdir(folder, { recursive: true });
      const temporary = `${folder}${sep}.${randomUUID()}.partial`;
      const output = createWriteStream(temporary, { flags: 'wx' });
      let bytes = 0;
      try {
        await pipeline(
          file.body,
          async function* count(source: AsyncIterable<Uint8Array>) {
            for await (const chunk of source) {
              bytes += chunk.length;
              yield chunk;
            }
          },
          output,
          { signal: options.signal },
        );
        await rename(temporary, target);
      } catch (error) {
        // The stream opens its file asynchronously: removing before it closed could race the open and leave the file.
        if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
        await rm(temporary, { force: true });
        throw error;
      }
      return { path: `${pathPrefix}${file.userId}/${file.fileName}`, bytes };
    },

    async readStream(path, options = {}) {
      // Opened before returning, so a missing file rejects here instead of failing the first read.
      const handle = await open(locatePath(path), 'r');
      return handle.createReadStream({ signal: options.signal, start: options.range?.start, end: options.range?.end });
    },

    async delete(path) {
      await rm(locatePath(path), { force: true });
    },

    async url(path) {
      locatePath(path);
      return path;
    },

    async removeLeftovers({ before, dryRun = false }): Promise<StorageLeftovers> {
      const found: StorageLeftovers = { count: 0, bytes: 0 };
      const users = await readdir(root, { withFileTypes: true }).catch(() => []);
      for (const user of users) {
        if (!user.isDirectory()) continue;
        for (const entry of await readdir(join(root, user.name), { withFileTypes: true })) {
          if (!entry.isFile() || !isTemporaryName(entry.name)) continue;
          const file = join(root, user.name, entry.name);
          // A save in flight writes all the time: its modification time is never older than `before`.
          const { size, mtime } = await stat(file);
          if (mtime >= before) continue;
          found.count += 1;
          found.bytes = (found.bytes ?? 0) + size;
          if (!dryRun) await rm(file, { force: true });
        }
      }
      return found;
    },
  };
}
