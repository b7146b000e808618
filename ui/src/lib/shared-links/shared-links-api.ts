import type { DeleteSharedLinkResponse, SharedLinkDto, SharedLinkLookupResponse, SharedLinksResponse } from '@protocol';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api-client.js';
import { sharedConversationQueryKey, sharedLinkQueryKey, sharedLinksQueryKey } from '../query-keys.js';

/**
 * The owner's side of /api/share, shared by the share dialog (chat) and the list in Settings → Data
 * (features never import each other). Every change refreshes both views of the links.
 */

const PAGE_SIZE = 25;

/** The address a link opens: the bundled UI's public page. */
export function sharedLinkUrl(shareId: string): string {
  return new URL(`/share/${encodeURIComponent(shareId)}`, window.location.origin).toString();
}

export const getSharedLinkQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: sharedLinkQueryKey(conversationId),
    queryFn: () => apiClient.get<SharedLinkLookupResponse>(`/api/share/link/${encodeURIComponent(conversationId)}`),
  });

export function useSharedLinkQuery(conversationId: string) {
  return useQuery(getSharedLinkQueryOptions(conversationId));
}

export const getSharedLinksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: sharedLinksQueryKey,
    queryFn: ({ pageParam }) => apiClient.get<SharedLinksResponse>('/api/share', { query: { pageSize: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSharedLinksQuery() {
  return useInfiniteQuery(getSharedLinksQueryOptions());
}

function useRefreshLinks() {
  const queryClient = useQueryClient();
  return (conversationId: string, shareId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sharedLinksQueryKey }),
      queryClient.invalidateQueries({ queryKey: sharedLinkQueryKey(conversationId) }),
      // A page open in this tab shows the new snapshot, or "not found" once revoked.
      queryClient.invalidateQueries({ queryKey: sharedConversationQueryKey(shareId) }),
    ]);
}

/** POST /api/share/:conversationId; `targetMessageId` is the last message of the branch on screen. */
export function useCreateSharedLink() {
  const refresh = useRefreshLinks();
  return useMutation({
    mutationFn: ({ conversationId, targetMessageId }: { conversationId: string; targetMessageId?: string }) =>
      apiClient.post<SharedLinkDto>(`/api/share/${encodeURIComponent(conversationId)}`, targetMessageId ? { targetMessageId } : {}),
    onSuccess: (link) => refresh(link.conversationId, link.shareId),
  });
}

/** PATCH /api/share/:shareId: takes a new snapshot of the conversation. */
export function useUpdateSharedLink() {
  const refresh = useRefreshLinks();
  return useMutation({
    mutationFn: ({ shareId, targetMessageId }: { shareId: string; targetMessageId?: string }) =>
      apiClient.patch<SharedLinkDto>(`/api/share/${encodeURIComponent(shareId)}`, targetMessageId ? { targetMessageId } : {}),
    onSuccess: (link) => refresh(link.conversationId, link.shareId),
  });
}

/** DELETE /api/share/:shareId: the link answers "not found" from now on. */
export function useDeleteSharedLink() {
  const refresh = useRefreshLinks();
  return useMutation({
    mutationFn: ({ shareId }: { shareId: string; conversationId: string }) => apiClient.delete<DeleteSharedLinkResponse>(`/api/share/${encodeURIComponent(shareId)}`),
    onSuccess: (_answer, { shareId, conversationId }) => refresh(conversationId, shareId),
  });
}
