import type { ConversationDto } from '@protocol';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  moveConversationToTop,
  refreshConversationList,
  removeConversation,
  setConversationTitle,
  setListedTitle,
  type ConversationListData,
} from './conversation-cache.js';
import { conversationListQueryKey, conversationQueryKey, conversationSearchQueryKey, messagesQueryKey } from './query-keys.js';

const testConversation = (conversationId: string, title: string): ConversationDto => ({
  conversationId,
  title,
  user: 'u1',
  endpoint: 'openAI',
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
});

const a = testConversation('a', 'A');
const b = testConversation('b', 'B');
const c = testConversation('c', 'C');

function withList(): QueryClient {
  const queryClient = new QueryClient();
  const data: ConversationListData = {
    pageParams: [1, 2],
    pages: [
      { conversations: [a, b], pages: 2, pageNumber: 1, pageSize: 2 },
      { conversations: [c], pages: 2, pageNumber: 2, pageSize: 2 },
    ],
  };
  queryClient.setQueryData(conversationListQueryKey, data);
  return queryClient;
}

const listed = (queryClient: QueryClient) =>
  queryClient.getQueryData<ConversationListData>(conversationListQueryKey)?.pages.map((page) => page.conversations.map((entry) => `${entry.conversationId}:${entry.title}`));

describe('conversation cache', () => {
  it('moves a conversation to the top of the first page, from wherever it was, and caches it', () => {
    const queryClient = withList();
    const moved = { ...c, title: 'C2' };
    moveConversationToTop(queryClient, moved);
    expect(listed(queryClient)).toEqual([['c:C2', 'a:A', 'b:B'], []]);
    expect(queryClient.getQueryData(conversationQueryKey('c'))).toEqual(moved);
  });

  it('inserts a new conversation at the top', () => {
    const queryClient = withList();
    moveConversationToTop(queryClient, testConversation('new', 'New Chat'));
    expect(listed(queryClient)).toEqual([['new:New Chat', 'a:A', 'b:B'], ['c:C']]);
  });

  it('does not create a list that was never fetched', () => {
    const queryClient = new QueryClient();
    moveConversationToTop(queryClient, a);
    setListedTitle(queryClient, 'a', 'x');
    expect(queryClient.getQueryData(conversationListQueryKey)).toBeUndefined();
    expect(queryClient.getQueryData(conversationQueryKey('a'))).toEqual(a);
  });

  it('renames the row only, or the row and the open conversation', () => {
    const queryClient = withList();
    queryClient.setQueryData(conversationQueryKey('b'), b);
    setListedTitle(queryClient, 'b', 'Draft');
    expect(listed(queryClient)).toEqual([['a:A', 'b:Draft'], ['c:C']]);
    expect(queryClient.getQueryData(conversationQueryKey('b'))).toEqual(b);
    setConversationTitle(queryClient, 'b', 'Final');
    expect(listed(queryClient)).toEqual([['a:A', 'b:Final'], ['c:C']]);
    expect(queryClient.getQueryData(conversationQueryKey('b'))).toEqual({ ...b, title: 'Final' });
  });

  it('removes a deleted conversation from the list and drops its own caches', () => {
    const queryClient = withList();
    queryClient.setQueryData(conversationQueryKey('a'), a);
    queryClient.setQueryData(messagesQueryKey('a'), []);
    queryClient.setQueryData(messagesQueryKey('b'), []);
    removeConversation(queryClient, 'a');
    expect(listed(queryClient)).toEqual([['b:B'], ['c:C']]);
    expect(queryClient.getQueryData(conversationQueryKey('a'))).toBeUndefined();
    expect(queryClient.getQueryData(messagesQueryKey('a'))).toBeUndefined();
    expect(queryClient.getQueryData(messagesQueryKey('b'))).toEqual([]);
  });

  it('leaves search results alone and marks the list stale on refresh', async () => {
    const queryClient = withList();
    const results = { pageParams: [1], pages: [{ conversations: [a], messages: [], pageNumber: 1, pageSize: 25, pages: 1 }] };
    queryClient.setQueryData(conversationSearchQueryKey('A'), results);
    setConversationTitle(queryClient, 'a', 'Renamed');
    expect(queryClient.getQueryData(conversationSearchQueryKey('A'))).toBe(results);
    await refreshConversationList(queryClient);
    expect(queryClient.getQueryState(conversationListQueryKey)?.isInvalidated).toBe(true);
  });
});
