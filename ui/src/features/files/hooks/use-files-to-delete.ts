import { useEffect } from 'react';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage.js';
import { deleteFiles } from '../api/files-api.js';

/** LibreChat's key; signing out clears it with the other per-user leftovers (lib/auth/housekeeping.ts). */
const FILES_TO_DELETE_KEY = 'filesToDelete';

function readIds(): string[] {
  try {
    const value: unknown = JSON.parse(readStorage(FILES_TO_DELETE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Spec 001 §4: uploads in the composer are remembered until they are sent or removed, so a reload or a
 * closed tab does not leave them on the server: the chat screen deletes them the next time it loads.
 */
export function useFilesToDelete(unsentIds: readonly string[]): void {
  // Declared before the effect below, so it reads what the last visit left before that one rewrites it.
  useEffect(() => {
    const leftovers = readIds();
    if (leftovers.length > 0) void deleteFiles(leftovers).catch(() => undefined);
  }, []);

  const key = unsentIds.join(',');
  useEffect(() => {
    if (key) writeStorage(FILES_TO_DELETE_KEY, JSON.stringify(key.split(',')));
    else removeStorage(FILES_TO_DELETE_KEY);
  }, [key]);
}
