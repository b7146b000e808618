import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { messagesQueryKey } from '../../../lib/query-keys.js';
import type { ChatMessage } from '../utils/chat-message.js';
import { upsertMessage } from '../utils/fold-frames.js';

export interface UpdateMessageInput {
  conversationId: string;
  messageId: string;
  text: string;
  model?: string | null;
}

export const updateMessage = ({ conversationId, messageId, text, model }: UpdateMessageInput) =>
  apiClient.put<ChatMessage>(`/api/messages/${encodeURIComponent(conversationId)}/${encodeURIComponent(messageId)}`, {
    text,
    ...(model ? { model } : {}),
  });

/** "Save" in edit mode: the text changes in place, no new turn. */
export function useUpdateMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessage,
    onSuccess: (saved, { conversationId, messageId }) => {
      queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(conversationId), (messages) =>
        messages ? upsertMessage(messages, messageId, saved) : messages,
      );
    },
  });
}
