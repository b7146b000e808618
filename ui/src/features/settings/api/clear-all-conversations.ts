import type { DeleteConversationsResponse } from '@protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

/** POST /api/convos/clear {all: true}: the server refuses an empty body, so "all" is explicit. */
export function clearAllConversations(): Promise<DeleteConversationsResponse> {
  return apiClient.post<DeleteConversationsResponse>('/api/convos/clear', { all: true });
}

export function useClearAllConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearAllConversations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['conversations'] }),
  });
}
