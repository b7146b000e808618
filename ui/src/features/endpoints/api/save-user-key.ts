import type { SaveKeyRequest } from '@protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { userKeyExpiryQueryKey } from '../../../lib/query-keys.js';

export const saveUserKey = (body: SaveKeyRequest) => apiClient.put<void>('/api/keys', body);

/** PUT /api/keys, then the key's expiry is refetched so the composer unblocks. */
export function useSaveUserKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserKey,
    onSuccess: (_, body) => queryClient.invalidateQueries({ queryKey: userKeyExpiryQueryKey(body.name) }),
  });
}
