import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { messagesQueryKey } from '../../../lib/query-keys.js';
import { isStoredConversationId, type ChatMessage } from '../utils/chat-message.js';

/** Every message of every branch, oldest first. */
export const getMessages = (conversationId: string) =>
  apiClient.get<ChatMessage[]>(`/api/messages/${encodeURIComponent(conversationId)}`);

export const getMessagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: messagesQueryKey(conversationId),
    queryFn: () => getMessages(conversationId),
    // The stream keeps this list current while the tab is open; a background refetch in the middle
    // of a turn would replace the streaming reply with the server's older copy.
    staleTime: Infinity,
    enabled: isStoredConversationId(conversationId),
  });

export function useMessagesQuery(conversationId: string) {
  return useQuery(getMessagesQueryOptions(conversationId));
}
