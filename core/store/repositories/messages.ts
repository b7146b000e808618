import type { ExportBatch } from './common.js';

export interface MessageFile {
  file_id: string;
  /** The user's file name, saved with the message (LibreChat's `message.files`), shown on its card. */
  filename?: string;
  filepath?: string;
  type?: string;
  height?: number;
  width?: number;
  /** Whether the document's text was indexed for turns (LibreChat's `embedded`). */
  embedded?: boolean;
}

export interface Message {
  messageId: string;
  conversationId: string;
  user: string;
  /** The all-zero UUID marks a root. */
  parentMessageId: string;
  endpoint?: string | null;
  model?: string | null;
  sender: string;
  text: string;
  content?: unknown[] | null;
  /** The assistants endpoint's thread the message belongs to (LibreChat keeps it on each message). */
  thread_id?: string | null;
  isCreatedByUser: boolean;
  error: boolean;
  unfinished: boolean;
  isEdited?: boolean;
  finish_reason?: string | null;
  tokenCount?: number | null;
  files?: MessageFile[] | null;
  plugin?: unknown;
  plugins?: unknown[] | null;
  /** What a stateful upstream said about this reply (ChatGPT web's message and conversation ids), sent back when a turn follows it. */
  upstream?: Record<string, string | number | boolean> | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface MessagesRepository {
  /** Inserts or replaces by messageId; createdAt is kept on update. */
  upsert(message: Omit<Message, 'createdAt' | 'updatedAt'> & { createdAt?: Date; updatedAt?: Date }): Promise<Message>;
  find(userId: string, messageId: string): Promise<Message | null>;
  /** Every message of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Message>>;
  /** Every branch of the conversation, oldest first. */
  listByConversation(userId: string, conversationId: string): Promise<Message[]>;
  update(userId: string, messageId: string, patch: Partial<Omit<Message, 'messageId' | 'conversationId' | 'user' | 'createdAt'>>): Promise<Message | null>;
  deleteByConversation(userId: string, conversationId: string): Promise<number>;
}
