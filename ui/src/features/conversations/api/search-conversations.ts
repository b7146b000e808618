import type { SearchResponse } from '@protocol';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { conversationSearchQueryKey } from '../../../lib/query-keys.js';

export const searchConversations = (query: string, pageNumber: number) =>
  apiClient.get<SearchResponse>('/api/search', { query: { q: query, pageNumber } });

export const getConversationSearchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: conversationSearchQueryKey(query),
    queryFn: ({ pageParam }) => searchConversations(query, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNumber < last.pages ? last.pageNumber + 1 : undefined),
    enabled: query.trim() !== '',
  });

export function useConversationSearch(query: string) {
  return useInfiniteQuery(getConversationSearchQueryOptions(query));
}
