import type { ConversationDto } from '@protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { conversationQueryKey } from '../../../lib/query-keys.js';
import { isStoredConversationId } from '../utils/chat-message.js';

export const getConversation = (conversationId: string) =>
  apiClient.get<ConversationDto>(`/api/convos/${encodeURIComponent(conversationId)}`);

export const getConversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: conversationQueryKey(conversationId),
    queryFn: () => getConversation(conversationId),
    staleTime: Infinity,
    enabled: isStoredConversationId(conversationId),
  });

/** The conversation's title and endpoint options (what the header shows while it is open). */
export function useConversationQuery(conversationId: string) {
  return useQuery(getConversationQueryOptions(conversationId));
}
