import type { ConversationDto } from '@protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { setListedTitle } from './conversation-cache.js';
import { conversationsQueryKey } from './get-conversations.js';

interface RenameInput {
  conversationId: string;
  title: string;
  /** Restored when the server refuses. */
  previousTitle: string;
}

export const renameConversation = ({ conversationId, title }: Pick<RenameInput, 'conversationId' | 'title'>) =>
  apiClient.post<ConversationDto>('/api/convos/update', { conversationId, title });

/** POST /api/convos/update. The new title shows at once and reverts if the call fails. */
export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RenameInput) => renameConversation(input),
    onMutate: async ({ conversationId, title }) => {
      await queryClient.cancelQueries({ queryKey: conversationsQueryKey });
      setListedTitle(queryClient, conversationId, title);
    },
    onError: (_error, { conversationId, previousTitle }) => setListedTitle(queryClient, conversationId, previousTitle),
    onSuccess: (conversation) => {
      setListedTitle(queryClient, conversation.conversationId, conversation.title);
      // The open conversation's own cache entry, kept by the chat, shows the title in the header.
      queryClient.setQueryData<ConversationDto>(['conversation', conversation.conversationId], (cached) => (cached ? { ...cached, title: conversation.title } : cached));
    },
  });
}
