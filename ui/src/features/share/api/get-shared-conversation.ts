import type { SharedConversationDto } from '@protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { isApiError } from '../../../lib/api-error.js';
import { sharedConversationQueryKey } from '../../../lib/query-keys.js';

/** GET /api/share/:shareId: public, no session needed. */
export const getSharedConversation = (shareId: string) => apiClient.get<SharedConversationDto>(`/api/share/${encodeURIComponent(shareId)}`);

export const getSharedConversationQueryOptions = (shareId: string) =>
  queryOptions({
    queryKey: sharedConversationQueryKey(shareId),
    queryFn: () => getSharedConversation(shareId),
    // A 404 (unknown, malformed or revoked link) is an answer: asking again cannot change it.
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 2,
  });

export function useSharedConversationQuery(shareId: string) {
  return useQuery(getSharedConversationQueryOptions(shareId));
}
