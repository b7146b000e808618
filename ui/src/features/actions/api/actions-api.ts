import type { ActionDto, ActionSaveRequest, AssistantDocumentDto, AssistantDto } from '@protocol';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

const actionsKey = ['assistants', 'actions'] as const;

/** GET /api/assistants/actions: the caller's actions, secrets never included. */
export const getActionsQueryOptions = () => queryOptions({ queryKey: actionsKey, queryFn: () => apiClient.get<ActionDto[]>('/api/assistants/actions') });

/** The actions of one assistant. */
export function useAssistantActions(assistantId: string | undefined) {
  return useQuery({ ...getActionsQueryOptions(), enabled: Boolean(assistantId), select: (actions) => actions.filter((action) => action.assistant_id === assistantId) });
}

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
