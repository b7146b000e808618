import { queryTerms } from '../query-terms.js';
import { messagesPerConversation } from '../search-limits.js';
import type { SearchPage, SearchResults } from '../types.js';
import { filterList, filterValue, fromDocumentId, type ConversationDocument, type MessageDocument } from './meili-documents.js';
import type { MeiliConnection } from './meili-connection.js';

interface Ranked {
  conversationId: string;
  score: number;
  updatedAt: number;
  /** Its matching message document ids, best first. */
  messageIds: string[];
}

/**
 * One page of the user's matching conversations from Meilisearch. Both indexes are searched with the
 * user filter inside Meilisearch; message and title hits are merged per conversation (its best
 * ranking score, then recency) and paged here, within the best `maxHits` of each index. A second,
 * small query fetches the highlighted text of just the messages shown.
 */
export async function searchMeili(connection: MeiliConnection, maxHits: number, userId: string, query: string, { pageNumber, pageSize }: SearchPage): Promise<SearchResults> {
  const terms = queryTerms(query);
  if (terms.length === 0) return { conversations: [], total: 0 };
  // Words only, space separated: quotes (phrase) and a leading `-` (negation) are never passed on.
  const text = terms.join(' ');
  const userFilter = `user = ${filterValue(userId)}`;
  const common = { filter: userFilter, limit: maxHits, showRankingScore: true, matchingStrategy: 'all' as const };
  const [messageHits, titleHits] = await Promise.all([
    connection.index('messages').search<MessageDocument>(text, { ...common, attributesToRetrieve: ['messageId', 'conversationId', 'updatedAt'] }),
    connection.index('convos').search<ConversationDocument>(text, { ...common, attributesToRetrieve: ['conversationId', 'updatedAt'] }),
  ]);

  const ranked = new Map<string, Ranked>();
  const entry = (conversationId: string): Ranked => {
    let found = ranked.get(conversationId);
    if (!found) ranked.set(conversationId, (found = { conversationId, score: 0, updatedAt: 0, messageIds: [] }));
    return found;
  };
  for (const hit of titleHits.hits) {
    const conversation = entry(fromDocumentId(hit.conversationId));
    conversation.score = Math.max(conversation.score, hit._rankingScore ?? 0);
    conversation.updatedAt = Math.max(conversation.updatedAt, hit.updatedAt);
  }
  for (const hit of messageHits.hits) {
    const conversation = entry(hit.conversationId);
    conversation.score = Math.max(conversation.score, hit._rankingScore ?? 0);
    conversation.updatedAt = Math.max(conversation.updatedAt, hit.updatedAt);
    if (conversation.messageIds.length < messagesPerConversation) conversation.messageIds.push(hit.messageId);
  }
  const ordered = [...ranked.values()].sort((a, b) => b.score - a.score || b.updatedAt - a.updatedAt || a.conversationId.localeCompare(b.conversationId));
  const page = ordered.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);

  const shownIds = page.flatMap((conversation) => conversation.messageIds);
  const highlighted = new Map<string, string>();
  if (shownIds.length > 0) {
    const formatted = await connection.index('messages').search<MessageDocument>(text, {
      filter: `${userFilter} AND messageId IN ${filterList(shownIds)}`,
      limit: shownIds.length,
      matchingStrategy: 'all',
      attributesToRetrieve: ['messageId', 'text'],
      attributesToHighlight: ['text'],
      highlightPreTag: '**',
      highlightPostTag: '**',
    });
    for (const hit of formatted.hits) highlighted.set(hit.messageId, hit._formatted?.text ?? hit.text);
  }

  return {
    total: ordered.length,
    conversations: page.map((conversation) => ({
      conversationId: conversation.conversationId,
      messages: conversation.messageIds
        .filter((id) => highlighted.has(id))
        .map((id) => ({ messageId: fromDocumentId(id), highlightedText: highlighted.get(id)! })),
    })),
  };
}
