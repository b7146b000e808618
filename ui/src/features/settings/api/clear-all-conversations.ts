import type { DeleteConversationsResponse } from '@protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { refreshConversationList } from '../../../lib/conversation-cache.js';

/** POST /api/convos/clear {all: true}: every conversation of the user ("all" is explicit, though an empty body means the same). */
export function clearAllConversations(): Promise<DeleteConversationsResponse> {
  return apiClient.post<DeleteConversationsResponse>('/api/convos/clear', { all: true });
}

export function useClearAllConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearAllConversations,
    onSuccess: () => refreshConversationList(queryClient),
  });
}
