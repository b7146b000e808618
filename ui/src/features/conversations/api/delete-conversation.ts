import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { removeConversation } from '../../../lib/conversation-cache.js';

export const deleteConversation = (conversationId: string) =>
  apiClient.delete<{ deletedCount: number }>(`/api/convos/${encodeURIComponent(conversationId)}`);

/** DELETE /api/convos/:id, then the row leaves the list and the conversation's caches are dropped. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_, conversationId) => removeConversation(queryClient, conversationId),
  });
}
