import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ChatboxConfig } from '../../../config/types.js';
import { deleteUserFiles, type DeletedUserFiles } from '../../../core/files/delete-user-files.js';
import type { Store } from '../../../core/store/types.js';
import { openFileStorages } from './open-file-storages.js';

/**
 * Removes a user's files from whichever storage holds each (their records go with the account),
 * then the user's folder of the local storage, which also holds what no record names: avatars
 * and uploads cut off by a crash. A storage that cannot start leaves its files, reported.
 */
export async function deleteAccountFiles(config: ChatboxConfig, store: Store, userId: string): Promise<DeletedUserFiles> {
  const storages = await openFileStorages(config).catch(() => null);
  const result = await deleteUserFiles(store.files, userId, async (source) => {
    if (!storages) throw new Error('the file storages cannot start (see `chatbox files status`)');
    return storages.forSource(source);
  });
  const uploads = resolve(config.dataDir, 'uploads');
  const folder = resolve(uploads, userId);
  // A store id is one plain name; anything else must not steer the removal outside the uploads folder.
  if (folder !== uploads && resolve(folder, '..') === uploads) await rm(folder, { recursive: true, force: true });
  return result;
}
