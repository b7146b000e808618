import type { EndpointOptions, ExportBatch, Page } from './common.js';
import type { Message } from './messages.js';

export interface Conversation extends EndpointOptions {
  conversationId: string;
  user: string;
  title: string;
  thread_id?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ConversationsRepository {
  /**
   * Inserts or replaces the options of the user's conversation; createdAt is kept on update. Options
   * this type does not declare (the wire carries more) are kept as given.
   */
  upsert(conversation: Omit<Conversation, 'createdAt' | 'updatedAt'> & { createdAt?: Date; updatedAt?: Date }): Promise<Conversation>;
  find(userId: string, conversationId: string): Promise<Conversation | null>;
  /**
   * Writes a new conversation with all its messages, whole or not at all (an import): false, and
   * nothing written, when the user already has a conversation with this id. The messages are indexed
   * for search as any other write. Messages left by an earlier interrupted write of the same
   * conversation are replaced.
   */
  insertWithMessages(conversation: Conversation, messages: Message[]): Promise<boolean>;
  /** Every conversation of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Conversation>>;
  /** Newest updatedAt first. */
  list(userId: string, page: { offset: number; limit: number }): Promise<Page<Conversation>>;
  update(userId: string, conversationId: string, patch: Partial<Omit<Conversation, 'conversationId' | 'user' | 'createdAt'>>): Promise<Conversation | null>;
  /** Deletes the conversations and their messages; returns how many conversations went. */
  delete(userId: string, conversationIds: string[]): Promise<number>;
  deleteAll(userId: string): Promise<number>;
}
