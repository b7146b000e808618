import type { SearchIndex, SearchPage } from './types.js';
import type { Store } from '../store/types.js';
import { toConversationDto } from '../presenters/conversation-dto.js';
import { toMessageDto } from '../presenters/message-dto.js';
import type { SearchMessageDto, SearchResponse } from '../protocol/search.js';

/**
 * Runs a search and reads every hit back from the store, scoped to the user. The store is the
 * authority: a hit the index still has but the store no longer does (a conversation deleted while
 * Meilisearch was catching up), or one of another user's, is left out.
 */
export async function searchConversations(store: Store, search: SearchIndex, userId: string, q: string, page: SearchPage): Promise<SearchResponse> {
  const results = await search.search(userId, q, page);
  const found = await Promise.all(
    results.conversations.map(async (hit) => {
      const conversation = await store.conversations.find(userId, hit.conversationId);
      if (!conversation) return null;
      const messages = await Promise.all(
        hit.messages.map(async ({ messageId, highlightedText }): Promise<SearchMessageDto | null> => {
          const message = await store.messages.find(userId, messageId);
          if (!message || message.conversationId !== conversation.conversationId) return null;
          return {
            ...toMessageDto(message),
            text: highlightedText,
            searchResult: true,
            title: conversation.title,
            chatGptLabel: conversation.chatGptLabel ?? null,
            model: message.model ?? conversation.model ?? null,
          };
        }),
      );
      return { conversation: toConversationDto(conversation), messages: messages.filter((message) => message !== null) };
    }),
  );
  const kept = found.filter((entry) => entry !== null);
  return {
    conversations: kept.map((entry) => entry.conversation),
    messages: kept.flatMap((entry) => entry.messages),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    pages: Math.max(1, Math.ceil(results.total / page.pageSize)),
    filter: { q },
  };
}
