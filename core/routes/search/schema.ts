import { z } from 'zod';
import type { ConversationDto, MessageDto } from '../../protocol/conversation.js';

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

const pageField = (field: string, maximum: number) =>
  z.coerce
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(maximum, `${field} must be at most ${maximum}`);

/** GET /api/search: q is required; its words are all that is used, so any text is accepted. */
export const searchQuerySchema = z.object({
  q: z.string({ message: 'q is required' }).trim().min(1, 'q is required').max(500, 'q must be at most 500 characters'),
  pageNumber: pageField('pageNumber', 10_000).default(1),
  pageSize: pageField('pageSize', 100).default(25),
});
