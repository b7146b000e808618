import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { ChatAttachmentsContext, type ChatAttachments } from '../../../lib/attachments/index.js';
import { useChatSetup } from '../../../lib/chat-setup/index.js';
import { endpointKind, useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { useAttachments, type AttachedFile } from '../hooks/use-attachments.js';
import { AttachmentChips } from './attachment-chips.js';
import { MessageFiles } from './message-files.js';

/** The limit key of an upload, as LibreChat's client sends it: custom endpoints share `custom`. */
function useEndpointKey(): string {
  const { setup } = useChatSetup();
  const endpoints = useEndpointsQuery().data;
  if (!setup.endpoint) return 'default';
  return setup.endpointType ?? (endpointKind(setup.endpoint, endpoints) === 'custom' ? 'custom' : setup.endpoint);
}

const ChipsContext = createContext<{ files: readonly AttachedFile[]; remove(id: string): void }>({ files: [], remove: () => undefined });

/** One component for the chat's lifetime (a new one per change would remount the thumbnails). */
function ComposerChips() {
  const { files, remove } = useContext(ChipsContext);
  return <AttachmentChips files={files} onRemove={remove} />;
}

/**
 * Gives the chat screen and the side panel (mounted around both by ui/src/app) real attachments:
 * uploads, chips, stored files attached again, and sent files.
 */
export function FilesProvider({ children }: { children: ReactNode }) {
  const attachments = useAttachments(useEndpointKey());
  const { conversationId = 'new' } = useParams();
  const { files, remove, clear } = attachments;

  // Spec 001 §4: another conversation (a new one above all) starts without the unsent uploads.
  const previous = useRef(conversationId);
  useEffect(() => {
    if (previous.current === conversationId) return;
    previous.current = conversationId;
    clear(true);
  }, [conversationId, clear]);

  const chips = useMemo(() => ({ files, remove }), [files, remove]);
  const value = useMemo<ChatAttachments>(
    () => ({
      add: attachments.add,
      attachStored: attachments.attachStored,
      isUploading: attachments.isUploading,
      messageFiles: attachments.messageFiles,
      clearSent: () => clear(false),
      Chips: ComposerChips,
      MessageFiles,
    }),
    [attachments.add, attachments.attachStored, attachments.isUploading, attachments.messageFiles, clear],
  );
  return (
    <ChatAttachmentsContext.Provider value={value}>
      <ChipsContext.Provider value={chips}>{children}</ChipsContext.Provider>
    </ChatAttachmentsContext.Provider>
  );
}
