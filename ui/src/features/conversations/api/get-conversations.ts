import type { ConversationListResponse } from '@protocol';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

/**
 * ['conversations']: the sidebar's infinite list (InfiniteData<ConversationListResponse>). The chat
 * moves new and updated conversations to the top of it and invalidates it; keep it this exact key.
 */
export const conversationsQueryKey = ['conversations'] as const;

export const getConversations = (pageNumber: number) =>
  apiClient.get<ConversationListResponse>('/api/convos', { query: { pageNumber } });

export const getConversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: conversationsQueryKey,
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNumber < last.pages ? last.pageNumber + 1 : undefined),
  });

export function useConversationsQuery() {
  return useInfiniteQuery(getConversationsQueryOptions());
}
