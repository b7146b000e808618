import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { sharedImageQueryKey } from '../../../lib/query-keys.js';

/**
 * An image of a shared conversation as an object URL for an <img>. Fetched rather than linked so it
 * also works where links need a session (ALLOW_SHARED_LINKS_PUBLIC off): the bearer token travels.
 */
export function useSharedImageUrl(shareId: string, imageId: string) {
  return useQuery({
    queryKey: sharedImageQueryKey(shareId, imageId),
    queryFn: async () => URL.createObjectURL(await apiClient.getBlob(`/api/share/${encodeURIComponent(shareId)}/images/${encodeURIComponent(imageId)}`)),
    staleTime: Infinity,
    retry: false,
  });
}
