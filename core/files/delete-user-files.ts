import type { FileStorage } from '../plugin-api/index.js';
import type { FilesRepository } from '../store/repositories/files.js';

/** What removing a user's stored files did. */
export interface DeletedUserFiles {
  /** Files removed from their storage. */
  deleted: number;
  /** Files whose bytes could not be removed (no storage serves their source, or it failed), with why. */
  left: Array<{ fileId: string; source: string; reason: string }>;
}

/**
 * Removes the bytes of every file a user owns from the storage its record names (`source`), so that
 * files saved before the operator changed `fileStrategy` go too. The records are the caller's to
 * delete (deleting the user cascades to them); a file that cannot be removed is reported, never a
 * reason to keep the account.
 */
export async function deleteUserFiles(
  files: Pick<FilesRepository, 'list'>,
  userId: string,
  storageFor: (source: string) => Promise<FileStorage | null>,
): Promise<DeletedUserFiles> {
  const result: DeletedUserFiles = { deleted: 0, left: [] };
  for (const record of await files.list(userId)) {
    try {
      const storage = await storageFor(record.source);
      if (!storage) {
        result.left.push({ fileId: record.file_id, source: record.source, reason: `no file storage serves the source "${record.source}"` });
        continue;
      }
      await storage.delete(record.filepath);
      result.deleted += 1;
    } catch (error) {
      result.left.push({ fileId: record.file_id, source: record.source, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
