import type { ConversationDto, ConversationListResponse } from '@protocol';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { conversationsQueryKey } from './get-conversations.js';

type ListData = InfiniteData<ConversationListResponse, number>;

/** Rewrites every cached page of the list; a no-op while nothing is cached. */
export function updateConversationList(queryClient: QueryClient, change: (conversations: ConversationDto[]) => ConversationDto[]): void {
  queryClient.setQueryData<ListData>(conversationsQueryKey, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, conversations: change(page.conversations) })) } : data,
  );
}

export function setListedTitle(queryClient: QueryClient, conversationId: string, title: string): void {
  updateConversationList(queryClient, (list) => list.map((entry) => (entry.conversationId === conversationId ? { ...entry, title } : entry)));
}

export function removeListedConversation(queryClient: QueryClient, conversationId: string): void {
  updateConversationList(queryClient, (list) => list.filter((entry) => entry.conversationId !== conversationId));
}
