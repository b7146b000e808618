import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../api-client.js';

export const getUserKeyExpiryQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['userKeyExpiry', name],
    queryFn: async (): Promise<{ expiresAt: string | null } | null> => {
      try {
        return await apiClient.get<{ expiresAt: string | null }>('/api/keys', { query: { name } });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

/**
 * Whether the user still has to provide a key for an endpoint that needs one: no key saved, or one
 * whose expiry has passed (null expiry = never expires). False for endpoints with their own key.
 */
export function useUserKeyMissing(name: string | null, needsKey: boolean): boolean {
  const query = useQuery({ ...getUserKeyExpiryQueryOptions(name ?? ''), enabled: Boolean(name) && needsKey });
  if (!name || !needsKey) return false;
  if (!query.data) return true;
  return query.data.expiresAt !== null && new Date(query.data.expiresAt).getTime() <= Date.now();
}
