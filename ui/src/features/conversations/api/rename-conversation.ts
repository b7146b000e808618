import type { ConversationDto } from '@protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { cancelConversationListFetches, setConversationTitle, setListedTitle } from '../../../lib/conversation-cache.js';

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
      await cancelConversationListFetches(queryClient);
      setListedTitle(queryClient, conversationId, title);
    },
    onError: (_error, { conversationId, previousTitle }) => setListedTitle(queryClient, conversationId, previousTitle),
    // The list row and the open conversation's own entry, which shows the title in the header.
    onSuccess: (conversation) => setConversationTitle(queryClient, conversation.conversationId, conversation.title),
  });
}
