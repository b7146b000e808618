import type { AssistantDto, AssistantListDto } from '@protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.js';
import { needsUserKey, useEndpointsQuery, useUserKeyMissing } from '../endpoints/index.js';
import { assistantsQueryKey } from '../query-keys.js';

/** Spec 001 §9: newest first, up to 100. */
export const getAssistantsQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: assistantsQueryKey,
    queryFn: () => apiClient.get<AssistantListDto>('/api/assistants?order=desc&limit=100'),
    enabled,
  });

const noAssistants: AssistantDto[] = [];

/**
 * The caller's assistants, shared by the builder and the chat's assistant dropdown. Spec 001 §4: asked
 * for only while the assistants endpoint is on and, where the user brings the key, the key is saved.
 */
export function useAssistants(): { assistants: AssistantDto[]; enabled: boolean; isPending: boolean } {
  const { data: endpoints } = useEndpointsQuery();
  const keyMissing = useUserKeyMissing('assistants', needsUserKey(endpoints?.assistants));
  const enabled = Boolean(endpoints?.assistants) && !keyMissing;
  const query = useQuery(getAssistantsQueryOptions(enabled));
  return { assistants: query.data?.data ?? noAssistants, enabled, isPending: enabled && query.isPending };
}
