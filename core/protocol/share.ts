import { z } from 'zod';
import { conversationIdSchema } from './conversation.js';

/**
 * Shared links, with the routes and shapes of later LibreChat (`/api/share`): a read-only snapshot
 * of one conversation's branch, public behind an unguessable id.
 */

/** An image of a shared message: GET /api/share/:shareId/images/:imageId serves its bytes. */
export interface SharedImageDto {
  imageId: string;
  type: string;
  width: number | null;
  height: number | null;
}

/** A message of a shared conversation: only what the page renders, ids re-keyed per share. */
export interface SharedMessageDto {
  messageId: string;
  parentMessageId: string;
  /** The share's id: the owner's conversation id is not revealed. */
  conversationId: string;
  sender: string;
  text: string;
  isCreatedByUser: boolean;
  error: boolean;
  unfinished: boolean;
  model: string | null;
  endpoint: string | null;
  images: SharedImageDto[];
  /** Other files (documents) the message had; they are not part of the share (the page says so). */
  attachmentCount: number;
  createdAt: string;
}

/** GET /api/share/:shareId: the public page's content. Nothing about the owner. */
export interface SharedConversationDto {
  shareId: string;
  /** The share's id again (LibreChat's clients read it); never the owner's conversation id. */
  conversationId: string;
  title: string;
  isPublic: true;
  /** The snapshot's branch, root first. */
  messages: SharedMessageDto[];
  createdAt: string;
  updatedAt: string;
}

/** A link as its owner sees it (list, create, update). */
export interface SharedLinkDto {
  shareId: string;
  conversationId: string;
  title: string;
  isPublic: true;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/share: one page of the owner's links, newest first. */
export interface SharedLinksResponse {
  links: SharedLinkDto[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
  hasNextPage: boolean;
}

/** GET /api/share/link/:conversationId: whether the conversation has a link. */
export interface SharedLinkLookupResponse {
  success: boolean;
  shareId: string | null;
  conversationId: string;
}

/** DELETE /api/share/:shareId. */
export interface DeleteSharedLinkResponse {
  success: true;
  shareId: string;
  message: string;
}

/** 22 base64url characters: 128 random bits. Anything else cannot be a link. */
export const shareIdSchema = z.string({ message: 'shareId is required' }).regex(/^[A-Za-z0-9_-]{22}$/, 'shareId is not a valid share link id');

export const shareParamsSchema = z.object({ shareId: shareIdSchema });
export const sharedImageParamsSchema = z.object({ shareId: shareIdSchema, imageId: z.uuid() });
export const shareConversationParamsSchema = z.object({ conversationId: conversationIdSchema });

/**
 * POST /api/share/:conversationId and PATCH /api/share/:shareId: `targetMessageId` names the last
 * message of the branch to share (the one on screen); without it, the newest message's branch.
 */
export const shareSnapshotRequestSchema = z
  .object({
    targetMessageId: z.string({ message: 'targetMessageId must be a string' }).trim().min(1, 'targetMessageId must not be empty').max(200).optional(),
  })
  .nullish()
  .transform((body) => body ?? {});

export const sharedLinksQuerySchema = z.object({
  pageSize: z.coerce.number({ message: 'pageSize must be a number' }).int('pageSize must be a whole number').min(1, 'pageSize must be at least 1').max(100, 'pageSize must be at most 100').default(25),
  cursor: z.coerce.number({ message: 'cursor must be a number' }).int('cursor is not valid').min(0, 'cursor is not valid').default(0),
});

export type ShareSnapshotRequest = z.input<typeof shareSnapshotRequestSchema>;
