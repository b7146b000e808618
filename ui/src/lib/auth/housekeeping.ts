import type { QueryClient } from '@tanstack/react-query';
import { removeStorage } from '../storage.js';

/** Per-user leftovers that must not leak into the next account signed in on this browser (spec 000 §4). */
export const sessionStorageKeys = ['lastConversationSetup', 'lastSelectedModel', 'lastSelectedTools', 'filesToDelete'];

/** Drops every cached query except the server's startup config, which is the same for everyone. */
export function clearSessionData(queryClient: QueryClient): void {
  queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== 'startupConfig' });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'startupConfig' });
  removeStorage(...sessionStorageKeys);
}
