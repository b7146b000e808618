import { z } from 'zod';
import type { EndpointOptionsInput } from './preset.js';

/**
 * A conversation as the wire sends it: flat, like LibreChat's (the endpoint options sit next to the
 * identity, not in a nested object), dates as ISO strings. Options the turn engine stores beyond the
 * declared ones pass through, hence the index signature.
 */
export type ConversationDto = EndpointOptionsInput & {
  conversationId: string;
  title: string;
  user: string;
  thread_id?: string | null;
  createdAt: string;
  updatedAt: string;
  [option: string]: unknown;
};

/** GET /api/convos: one page, newest update first. */
export interface ConversationListResponse {
  conversations: ConversationDto[];
  /** How many pages there are at this pageSize; at least 1, as in LibreChat, so an empty list is one empty page. */
  pages: number;
  pageNumber: number;
  pageSize: number;
}

export interface MessageFileDto {
  file_id: string;
  /** Saved with the message by the server; the ask body may leave it out. */
  filename?: string;
  filepath?: string;
  type?: string;
  height?: number;
  width?: number;
  /** Whether the document's text was indexed for turns. */
  embedded?: boolean;
}

/** A message of the tree (parentMessageId links it; the all-zero UUID marks a root), dates as ISO strings. */
export interface MessageDto {
  messageId: string;
  conversationId: string;
  user: string;
  parentMessageId: string;
  endpoint?: string | null;
  model?: string | null;
  sender: string;
  text: string;
  content?: unknown[] | null;
  isCreatedByUser: boolean;
  error: boolean;
  unfinished: boolean;
  isEdited: boolean;
  finish_reason?: string | null;
  tokenCount?: number | null;
  files?: MessageFileDto[] | null;
  plugin?: unknown;
  plugins?: unknown[] | null;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

export const conversationIdSchema = z
  .string({ message: 'conversationId is required' })
  .trim()
  .min(1, 'conversationId is required')
  .max(200, 'conversationId must be at most 200 characters');

/** POST /api/convos/update: a rename. */
export const updateConversationRequestSchema = z.object({
  conversationId: conversationIdSchema,
  title: z.string({ message: 'title is required' }).trim().min(1, 'title is required').max(200, 'title must be at most 200 characters'),
});

/**
 * POST /api/convos/clear: one conversation, or every conversation of the caller (with their messages
 * and search entries) on an empty body, `{}` or `all: true`: spec 000 §7 ("empty object clears all"),
 * and LibreChat's "clear all" sends `{arg: {}}`. `source` and `thread_id` are what LibreChat's client
 * sends besides the id; they are accepted and unused.
 */
export const clearConversationsRequestSchema = z
  .object({
    conversationId: conversationIdSchema.optional(),
    all: z.literal(true, { message: 'all must be true' }).optional(),
    source: z.string().nullable().optional(),
    thread_id: z.string().nullable().optional(),
  })
  .refine((body) => !(body.conversationId !== undefined && body.all === true), { message: 'give either conversationId or all: true, not both' });

export type UpdateConversationRequest = z.input<typeof updateConversationRequestSchema>;
export type ClearConversationsRequest = z.input<typeof clearConversationsRequestSchema>;

/** Answer of POST /api/convos/clear and DELETE /api/convos/:conversationId. */
export interface DeleteConversationsResponse {
  deletedCount: number;
}

/** PUT /api/messages/:conversationId/:messageId: a text edit. `model` is what LibreChat's client sends (for token counting). */
export const updateMessageRequestSchema = z.object({
  text: z.string({ message: 'text is required' }).min(1, 'text is required'),
  model: z.string({ message: 'model must be a string' }).optional(),
});

export type UpdateMessageRequest = z.input<typeof updateMessageRequestSchema>;
