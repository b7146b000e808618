import type { QueryClient } from '@tanstack/react-query';
import { startupConfigQueryKey } from '../query-keys.js';
import { removeStorage } from '../storage.js';

/** Per-user leftovers that must not leak into the next account signed in on this browser (spec 000 §4). */
export const sessionStorageKeys = ['lastConversationSetup', 'lastSelectedModel', 'lastSelectedTools', 'filesToDelete'];

/** Drops every cached query except the server's startup config, which is the same for everyone. */
export function clearSessionData(queryClient: QueryClient): void {
  const keepsStartupConfig = ({ queryKey }: { queryKey: readonly unknown[] }) => queryKey[0] !== startupConfigQueryKey[0];
  queryClient.cancelQueries({ predicate: keepsStartupConfig });
  queryClient.removeQueries({ predicate: keepsStartupConfig });
  removeStorage(...sessionStorageKeys);
}
