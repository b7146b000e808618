import type { ExportBatch, Page } from './common.js';

/** An image of a shared message: the page shows it through the share, by its own id. */
export interface SharedImage {
  /** The share's id of the image (what the page asks for). */
  imageId: string;
  /** The owner's file: never sent, read only to stream the bytes through the share. */
  fileId: string;
  type: string;
  width: number | null;
  height: number | null;
}

/**
 * One message of a share's snapshot: only what the public page shows. Ids are the share's own
 * (re-keyed when the snapshot is taken), so a link never reveals the ids of the owner's messages.
 */
export interface SharedMessage {
  messageId: string;
  /** The share's id of the parent; the all-zero UUID at the root. */
  parentMessageId: string;
  sender: string;
  text: string;
  isCreatedByUser: boolean;
  error: boolean;
  unfinished: boolean;
  model: string | null;
  endpoint: string | null;
  /** The message's images, shown on the page through the share. */
  images: SharedImage[];
  /** How many other files (documents) the message had: they are not shared, the page says so. */
  attachmentCount: number;
  createdAt: Date;
}

/** A read-only link to a snapshot of one conversation. */
export interface Share {
  /** Unguessable (128 random bits, base64url): the link is the only key. */
  shareId: string;
  userId: string;
  conversationId: string;
  title: string;
  /** The branch on screen when the link was made or last updated, root first. */
  messages: SharedMessage[];
  createdAt: Date;
  updatedAt: Date;
}

/** A share without its snapshot: what the owner's list shows. */
export type ShareSummary = Omit<Share, 'messages'> & { messageCount: number };

/**
 * Shared links. At most one per conversation; deleting the conversation or the user removes it.
 * The owner's lookups take the owner's id; only `find` reads by the link alone (the public page).
 */
export interface SharesRepository {
  /** Throws DuplicateError when the conversation already has a link (or the id is taken). */
  create(share: Omit<Share, 'createdAt' | 'updatedAt'>): Promise<Share>;
  /** Replaces the snapshot (and title) of the owner's link; null when the owner has no such link. */
  update(userId: string, shareId: string, snapshot: Pick<Share, 'title' | 'messages'>): Promise<Share | null>;
  /** The link as the public page reads it, whoever owns it. */
  find(shareId: string): Promise<Share | null>;
  findByConversation(userId: string, conversationId: string): Promise<ShareSummary | null>;
  /** The owner's links, newest first. */
  list(userId: string, page: { offset: number; limit: number }): Promise<Page<ShareSummary>>;
  /** Revokes the owner's link; false when the owner has no such link. */
  delete(userId: string, shareId: string): Promise<boolean>;
  /** Every link, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Share>>;
}
