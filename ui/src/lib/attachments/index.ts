import type { FileDto, MessageFileDto } from '@protocol';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * What the chat screen needs of file attachments, provided by the files feature from ui/src/app (one
 * feature never imports another). Without a provider the chat offers no attach button at all.
 */
export interface ChatAttachments {
  /** Files picked or dropped: checked against the endpoint's limits, then uploaded. */
  add(files: File[]): void;
  /** One of the user's stored files (the side panel's list), checked like a new one; never deleted from here. */
  attachStored(file: FileDto): void;
  /** True while an upload runs: nothing is sent until every file has its server id. */
  isUploading: boolean;
  /** The attached files as the ask body carries them (LibreChat's `message.files`). */
  messageFiles(): MessageFileDto[];
  /** After a send: the chips go, the uploads stay (the message now holds them). */
  clearSent(): void;
  /** The composer's previews and chips. */
  Chips: ComponentType;
  /** A sent message's files: images inline, documents as cards. */
  MessageFiles: ComponentType<{ files: readonly MessageFileDto[] }>;
}

export const ChatAttachmentsContext = createContext<ChatAttachments | null>(null);

/** The attachments of the chat screen, or null where the files feature is not mounted. */
export function useChatAttachments(): ChatAttachments | null {
  return useContext(ChatAttachmentsContext);
}
