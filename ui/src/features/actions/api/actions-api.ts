import type { ActionDto, ActionSaveRequest, AssistantDocumentDto, AssistantDto } from '@protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

export { getActionsQueryOptions, useAssistantActions } from '../../../lib/assistants/index.js';

/** POST /api/assistants/actions/:assistant_id: LibreChat's `[document, assistant, action]`. */
export function useSaveAction(assistantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActionSaveRequest) => apiClient.post<[AssistantDocumentDto, AssistantDto, ActionDto]>(`/api/assistants/actions/${encodeURIComponent(assistantId)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['assistants'] }),
  });
}

/** DELETE /api/assistants/actions/:assistant_id/:action_id/:model. */
export function useDeleteAction(assistantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ actionId, model }: { actionId: string; model: string }) =>
      apiClient.delete<{ message: string }>(`/api/assistants/actions/${encodeURIComponent(assistantId)}/${encodeURIComponent(actionId)}/${encodeURIComponent(model || 'default')}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['assistants'] }),
  });
}
