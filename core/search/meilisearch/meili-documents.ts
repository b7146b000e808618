import { createHash } from 'node:crypto';
import type { Conversation } from '../../store/repositories/conversations.js';
import type { DocumentChunksInput } from '../../store/repositories/document-chunks.js';
import type { Message } from '../../store/repositories/messages.js';
import type { SearchIndexName } from '../../store/repositories/search-outbox.js';

/** A message as indexed: `user` on every document so every query and delete can filter by owner. */
export interface MessageDocument {
  messageId: string;
  conversationId: string;
  user: string;
  sender: string;
  text: string;
  isCreatedByUser: boolean;
  /** ms since the epoch: sortable, and compared by the drift check to spot stale documents. */
  updatedAt: number;
}

export interface ConversationDocument {
  conversationId: string;
  user: string;
  title: string;
  updatedAt: number;
}

/** One passage of an uploaded document: owner and file filterable, so a search reads only the files of its turn. */
export interface PassageDocument {
  id: string;
  user: string;
  file_id: string;
  file_name: string;
  position: number;
  text: string;
}

export const primaryKeys = { messages: 'messageId', convos: 'conversationId', document_chunks: 'id' } as const satisfies Record<SearchIndexName, string>;

const plainId = /^[A-Za-z0-9_-]{1,511}$/;
const encodedPrefix = 'b64_';

/**
 * Meilisearch accepts only [A-Za-z0-9_-], at most 511 bytes, as a document id, and fails the whole
 * batch on one bad id. Our ids are UUIDs, but imported or client-made ids may hold anything, so those
 * are stored base64url-encoded under a prefix (LibreChat rewrote `|` to `--`, which is lossy). Null
 * when even the encoding is too long: such a record is left out of the index rather than block it.
 */
export function toDocumentId(id: string): string | null {
  if (plainId.test(id) && !id.startsWith(encodedPrefix)) return id;
  const encoded = encodedPrefix + Buffer.from(id, 'utf8').toString('base64url');
  return encoded.length <= 511 ? encoded : null;
}

export function fromDocumentId(documentId: string): string {
  return documentId.startsWith(encodedPrefix) ? Buffer.from(documentId.slice(encodedPrefix.length), 'base64url').toString('utf8') : documentId;
}

export function toMessageDocument(message: Message): MessageDocument | null {
  const messageId = toDocumentId(message.messageId);
  if (messageId === null) return null;
  return {
    messageId,
    conversationId: message.conversationId,
    user: message.user,
    sender: message.sender,
    text: message.text,
    isCreatedByUser: message.isCreatedByUser,
    updatedAt: message.updatedAt.getTime(),
  };
}

export function toConversationDocument(conversation: Conversation): ConversationDocument | null {
  const conversationId = toDocumentId(conversation.conversationId);
  if (conversationId === null) return null;
  return { conversationId, user: conversation.user, title: conversation.title, updatedAt: conversation.updatedAt.getTime() };
}

/** A filter string literal: Meilisearch reads backslash escapes inside double quotes. */
export function filterValue(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

export function filterList(values: string[]): string {
  return `[${values.map(filterValue).join(', ')}]`;
}

/** Meilisearch ids allow only [A-Za-z0-9_-]: owner and file hashed into one, the passage's position after it. */
function passageIdPrefix(userId: string, fileId: string): string {
  return createHash('sha256').update(`${userId}\0${fileId}`).digest('hex').slice(0, 40);
}

export function passageId(userId: string, fileId: string, position: number): string {
  return `${passageIdPrefix(userId, fileId)}-${position}`;
}

/** A document's passages as indexed, one Meilisearch document per chunk. */
export function toPassageDocuments({ userId, fileId, fileName, chunks }: Pick<DocumentChunksInput, 'userId' | 'fileId' | 'fileName' | 'chunks'>): PassageDocument[] {
  return chunks.map((text, position) => ({ id: passageId(userId, fileId, position), user: userId, file_id: fileId, file_name: fileName, position, text }));
}

/** The filter for some of one user's documents' passages (every search and delete is scoped to the owner). */
export function passageFilter(userId: string, fileIds: readonly string[]): string {
  return `user = ${filterValue(userId)} AND file_id IN ${filterList([...fileIds])}`;
}
