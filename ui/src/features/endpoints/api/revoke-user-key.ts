import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { userKeyExpiryQueryKey } from '../../../lib/query-keys.js';

export const revokeUserKey = (name: string) => apiClient.delete<void>(`/api/keys/${encodeURIComponent(name)}`);

/** DELETE /api/keys/:name; the composer then asks for a key again. */
export function useRevokeUserKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUserKey,
    onSuccess: (_, name) => queryClient.setQueryData(userKeyExpiryQueryKey(name), null),
  });
}
