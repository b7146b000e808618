import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { userKeyExpiryQueryKey } from '../../../lib/query-keys.js';

/** DELETE /api/keys?all=true: every key the user provided, for every endpoint. */
export function revokeAllKeys(): Promise<void> {
  return apiClient.delete<void>('/api/keys', { query: { all: 'true' } });
}

export function useRevokeAllKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllKeys,
    // The endpoint picker and composer ask per endpoint whether a key is still missing.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeyExpiryQueryKey() }),
  });
}
