import type { ActionDto } from '@protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.js';

const actionsKey = ['assistants', 'actions'] as const;

/** GET /api/assistants/actions: the caller's actions, secrets never included. */
export const getActionsQueryOptions = () => queryOptions({ queryKey: actionsKey, queryFn: () => apiClient.get<ActionDto[]>('/api/assistants/actions') });

/** The actions of one assistant: the builder edits them, the chat shows their privacy policies. */
export function useAssistantActions(assistantId: string | undefined) {
  return useQuery({ ...getActionsQueryOptions(), enabled: Boolean(assistantId), select: (actions) => actions.filter((action) => action.assistant_id === assistantId) });
}
