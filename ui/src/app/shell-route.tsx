import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useConversationQuery } from '../features/chat/api/get-conversation.js';
import { useMessagesQuery } from '../features/chat/api/get-messages.js';
import { ConversationSidebar } from '../features/conversations/index.js';
import { AssistantActions } from '../features/actions/index.js';
import { AssistantBuilder } from '../features/assistants/index.js';
import { AttachFilesPanel, FilesProvider } from '../features/files/index.js';
import { ShellLayout } from '../features/shell/components/shell-layout.js';
import type { ShellSlots } from '../features/shell/components/shell-slots.js';
import { SidePanelLayout } from '../features/side-panel/components/side-panel-layout.js';
import { useShownConversationRegistry } from '../lib/shown-conversation/index.js';
import { useStartupConfig } from '../lib/startup-config/get-startup-config.js';

// The settings dialog is fetched the first time it is opened.
const SettingsDialog = lazy(() =>
  import('../features/settings/components/settings-dialog.js').then((module) => ({ default: module.SettingsDialog })),
);

/** The mobile header's title: the open conversation's, from the chat's own query. */
function ConversationTitle({ conversationId, fallback }: { conversationId: string; fallback: string }) {
  const { data } = useConversationQuery(conversationId);
  return data?.title || fallback;
}

const ExportDialog = lazy(() => import('../features/export/components/export-dialog.js').then((module) => ({ default: module.ExportDialog })));

/** The export dialog with the chat's own queries of the conversation; messages never saved stay out. */
function ConversationExportDialog({ conversationId, onClose }: { conversationId: string; onClose: () => void }) {
  const conversation = useConversationQuery(conversationId).data;
  const messages = useMessagesQuery(conversationId).data;
  const stored = useMemo(() => messages?.filter((message) => !message.clientOnly), [messages]);
  return <ExportDialog onClose={onClose} conversation={conversation?.conversationId === conversationId ? conversation : undefined} messages={stored} />;
}

const ShareDialog = lazy(() => import('../features/share/components/share-dialog.js').then((module) => ({ default: module.ShareDialog })));

/** The share dialog of a conversation, sharing the branch on screen: its last stored message is the snapshot's end. */
function ConversationShareDialog({ conversationId, onClose }: { conversationId: string; onClose: () => void }) {
  const registry = useShownConversationRegistry();
  const messages = useMessagesQuery(conversationId).data;
  // Read when the dialog opens: the registry is a holder, not state.
  const [targetMessageId] = useState(() => {
    const shown = registry?.current?.conversationId === conversationId ? [...registry.current.shownIds] : [];
    const stored = new Set(messages?.filter((message) => !message.clientOnly).map((message) => message.messageId));
    // shownIds runs root to leaf; a reply still streaming is not stored yet and cannot be shared.
    return shown.filter((id) => stored.has(id)).at(-1);
  });
  return <ShareDialog conversationId={conversationId} targetMessageId={targetMessageId} onClose={onClose} />;
}

/** The sidebar's history, with a Share action on the open conversation when the server allows sharing. */
function ConversationsWithShare({ onNavigate }: { onNavigate: () => void }) {
  const { config } = useStartupConfig();
  const [sharing, setSharing] = useState<string | null>(null);
  return (
    <>
      <ConversationSidebar onNavigate={onNavigate} onShare={config.sharedLinksEnabled ? setSharing : undefined} />
      {sharing && (
        <Suspense fallback={null}>
          <ConversationShareDialog conversationId={sharing} onClose={() => setSharing(null)} />
        </Suspense>
      )}
    </>
  );
}

const MyFilesDialog = lazy(() => import('../features/files/components/my-files-dialog.js').then((module) => ({ default: module.MyFilesDialog })));

const panelContent = { files: <AttachFilesPanel />, assistants: <AssistantBuilder ActionsSection={AssistantActions} /> };

/** The chat area with the side panel; both see the same attachments (the panel attaches stored files). */
function ContentFrame({ children }: { children: ReactNode }) {
  return (
    <FilesProvider>
      <SidePanelLayout content={panelContent}>{children}</SidePanelLayout>
    </FilesProvider>
  );
}

const slots: ShellSlots = {
  ContentFrame,
  SettingsDialog,
  MyFilesDialog,
  ExportDialog: ConversationExportDialog,
  Conversations: ConversationsWithShare,
  ConversationTitle,
};

/** The authenticated shell with what other features put into it: side panel, settings, conversation history. */
export function ShellRoute() {
  return <ShellLayout slots={slots} />;
}
