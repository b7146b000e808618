import type { ConversationDto, ConversationListResponse } from '@protocol';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { conversationQueryKey } from './get-conversation.js';

/** The sidebar's infinite list over GET /api/convos (owned by the conversations feature). */
export const conversationListKey = ['conversations'] as const;

type ListData = InfiniteData<ConversationListResponse, unknown>;

const isListData = (data: unknown): data is ListData =>
  !!data && typeof data === 'object' && Array.isArray((data as ListData).pages);

function updateLists(queryClient: QueryClient, change: (data: ListData) => ListData): void {
  queryClient.setQueriesData<unknown>({ queryKey: conversationListKey }, (data: unknown) => (isListData(data) ? change(data) : data));
}

/** Spec 000 §4: a new or updated conversation moves to the top of the first page. */
export function moveConversationToTop(queryClient: QueryClient, conversation: ConversationDto): void {
  queryClient.setQueryData(conversationQueryKey(conversation.conversationId), conversation);
  const lists = queryClient.getQueriesData({ queryKey: conversationListKey });
  if (lists.length === 0 || !lists.some(([, data]) => isListData(data))) return;
  updateLists(queryClient, (data) => {
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((entry) => entry.conversationId !== conversation.conversationId),
    }));
    if (pages[0]) pages[0] = { ...pages[0], conversations: [conversation, ...pages[0].conversations] };
    return { ...data, pages };
  });
}

/** A generated title: the open conversation, its list entry, wherever they are cached. */
export function setConversationTitle(queryClient: QueryClient, conversationId: string, title: string): void {
  queryClient.setQueryData<ConversationDto>(conversationQueryKey(conversationId), (conversation) =>
    conversation ? { ...conversation, title } : conversation,
  );
  updateLists(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((entry) => (entry.conversationId === conversationId ? { ...entry, title } : entry)),
    })),
  }));
}

/** A conversation the server just created: the list refetches so it appears with its real fields. */
export function refreshConversationList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: conversationListKey });
}
