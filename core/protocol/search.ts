import type { ConversationDto, MessageDto } from './conversation.js';

/** A matching message as LibreChat's search view renders it: flagged, titled, matched words in `**`. */
export type SearchMessageDto = MessageDto & {
  searchResult: true;
  /** The conversation's title and label, so a flat list of results can name where each came from. */
  title: string;
  chatGptLabel: string | null;
};

/** GET /api/search: LibreChat v0.7.1's shape (TSearchResults). */
export interface SearchResponse {
  /** This page's matching conversations, best match first, then most recently updated. */
  conversations: ConversationDto[];
  /** The matching messages of those conversations, in the same order, best match first within each. */
  messages: SearchMessageDto[];
  pageNumber: number;
  pageSize: number;
  /** At least 1, as in GET /api/convos. */
  pages: number;
  filter: { q: string };
}
