import type { ConversationListResponse } from '@protocol';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { conversationListQueryKey } from '../../../lib/query-keys.js';

export const getConversations = (pageNumber: number) =>
  apiClient.get<ConversationListResponse>('/api/convos', { query: { pageNumber } });

/** The sidebar's infinite list; lib/conversation-cache.ts owns every write to its pages. */
export const getConversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: conversationListQueryKey,
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNumber < last.pages ? last.pageNumber + 1 : undefined),
  });

export function useConversationsQuery() {
  return useInfiniteQuery(getConversationsQueryOptions());
}
