import type { ConversationDto, ConversationListResponse } from '@protocol';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { conversationListQueryKey, conversationQueryKey, messagesQueryKey } from './query-keys.js';

/**
 * The one owner of the sidebar's conversation list in the query cache. The conversations feature
 * reads it, the chat moves new conversations to its top and retitles them, the settings clear it:
 * every write goes through here, so the pages keep one shape.
 */

/** The cached pages of GET /api/convos (the page number is the page param). */
export type ConversationListData = InfiniteData<ConversationListResponse, number>;

const isListData = (data: unknown): data is ConversationListData =>
  typeof data === 'object' && data !== null && 'pages' in data && Array.isArray(data.pages);

/** Rewrites the pages of every cached list; a no-op while nothing is cached. */
function updatePages(queryClient: QueryClient, change: (data: ConversationListData) => ConversationListData): void {
  queryClient.setQueriesData<unknown>({ queryKey: conversationListQueryKey }, (data: unknown) => (isListData(data) ? change(data) : data));
}

/** Rewrites the conversations of every cached page; a no-op while nothing is cached. */
function updateConversationList(queryClient: QueryClient, change: (conversations: ConversationDto[]) => ConversationDto[]): void {
  updatePages(queryClient, (data) => ({ ...data, pages: data.pages.map((page) => ({ ...page, conversations: change(page.conversations) })) }));
}

/** Spec 000 §4: a new or updated conversation moves to the top of the first page. */
export function moveConversationToTop(queryClient: QueryClient, conversation: ConversationDto): void {
  queryClient.setQueryData(conversationQueryKey(conversation.conversationId), conversation);
  const lists = queryClient.getQueriesData({ queryKey: conversationListQueryKey });
  if (lists.length === 0 || !lists.some(([, data]) => isListData(data))) return;
  updatePages(queryClient, (data) => {
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((entry) => entry.conversationId !== conversation.conversationId),
    }));
    if (pages[0]) pages[0] = { ...pages[0], conversations: [conversation, ...pages[0].conversations] };
    return { ...data, pages };
  });
}

/** The title of the conversation's row in the list only (an optimistic rename and its revert). */
export function setListedTitle(queryClient: QueryClient, conversationId: string, title: string): void {
  updateConversationList(queryClient, (list) => list.map((entry) => (entry.conversationId === conversationId ? { ...entry, title } : entry)));
}

/** A generated or saved title: the open conversation, its list entry, wherever they are cached. */
export function setConversationTitle(queryClient: QueryClient, conversationId: string, title: string): void {
  queryClient.setQueryData<ConversationDto>(conversationQueryKey(conversationId), (conversation) =>
    conversation ? { ...conversation, title } : conversation,
  );
  setListedTitle(queryClient, conversationId, title);
}

/** A deleted conversation: its row leaves the list and its own caches are dropped. */
export function removeConversation(queryClient: QueryClient, conversationId: string): void {
  updateConversationList(queryClient, (list) => list.filter((entry) => entry.conversationId !== conversationId));
  queryClient.removeQueries({ queryKey: conversationQueryKey(conversationId) });
  queryClient.removeQueries({ queryKey: messagesQueryKey(conversationId) });
}

/** A conversation the server just created, or all of them cleared: the list refetches with the real fields. */
export function refreshConversationList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: conversationListQueryKey });
}

/** Stops a list fetch in flight, so its answer cannot overwrite an optimistic change. */
export function cancelConversationListFetches(queryClient: QueryClient): Promise<void> {
  return queryClient.cancelQueries({ queryKey: conversationListQueryKey });
}
