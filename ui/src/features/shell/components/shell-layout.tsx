import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router-dom';
import { IconButton } from '../../../components/icon-button.js';
import { NewChatIcon, SidebarIcon } from '../../../components/icons/index.js';
import { Spinner } from '../../../components/spinner.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.js';
import { useSidebarVisibility } from '../hooks/use-sidebar-visibility.js';
import { MobileHeader } from './mobile-header.js';
import { ShownConversationContext, type ShownConversationRegistry } from '../../../lib/shown-conversation/index.js';
import { ShellActionsContext, type ShellSlots } from './shell-slots.js';
import { Sidebar } from './sidebar.js';

const SIDEBAR_ID = 'chat-sidebar';

const PlainFrame = ({ children }: { children: ReactNode }) => children;

/**
 * The authenticated frame: sidebar, mobile header, and the routed chat area, which the app may wrap
 * (the right side panel) through `slots`.
 */
export function ShellLayout({ slots = {} }: { slots?: ShellSlots }) {
  const localize = useLocalize();
  const navigate = useNavigate();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const sidebar = useSidebarVisibility(isMobile);
  const { setVisible } = sidebar;
  const closeSidebar = useCallback(() => setVisible(false), [setVisible]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [myFilesOpen, setMyFilesOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  // The chat registers the conversation it shows here; the export dialog reads it when it runs.
  const [shownConversation] = useState<ShownConversationRegistry>(() => ({ current: null }));
  const { ContentFrame = PlainFrame, SettingsDialog, ConversationTitle, MyFilesDialog, ExportDialog } = slots;
  // The chat route's parameter: a layout sees the params of the child route it renders.
  const { conversationId = 'new' } = useParams();
  const newChatTitle = localize('com_ui_new_chat_title');
  // /c/new and /c/search name no stored conversation: nothing to export there.
  const exportable = Boolean(ExportDialog) && conversationId !== 'new' && conversationId !== 'search';
  const actions = useMemo(
    () => ({
      ...(SettingsDialog ? { openSettings: () => setSettingsOpen(true) } : {}),
      ...(MyFilesDialog ? { openMyFiles: () => setMyFilesOpen(true) } : {}),
      ...(exportable ? { openExport: () => setExportOpen(true) } : {}),
    }),
    [SettingsDialog, MyFilesDialog, exportable],
  );

  const startNewChat = () => {
    navigate('/c/new');
    if (isMobile) closeSidebar();
  };

  return (
    <ShellActionsContext.Provider value={actions}>
      <ShownConversationContext.Provider value={shownConversation}>
      <div className="flex h-dvh overflow-hidden">
        <Sidebar
          id={SIDEBAR_ID}
          open={sidebar.visible}
          isMobile={isMobile}
          onClose={closeSidebar}
          onNewChat={startNewChat}
          Conversations={slots.Conversations}
          onNavigate={isMobile ? closeSidebar : undefined}
        />
        {isMobile && sidebar.visible && (
          <div className="fixed inset-0 z-30 bg-black/40" aria-hidden="true" onClick={closeSidebar} />
        )}

        <div className="relative flex min-w-0 flex-1 flex-col">
          {isMobile ? (
            <MobileHeader
              sidebarId={SIDEBAR_ID}
              sidebarOpen={sidebar.visible}
              title={
                ConversationTitle ? <ConversationTitle conversationId={conversationId} fallback={newChatTitle} /> : newChatTitle
              }
              onToggleSidebar={sidebar.toggle}
              onNewChat={startNewChat}
            />
          ) : (
            !sidebar.visible && (
              <div className="absolute start-2 top-2 z-10 flex gap-1">
                <IconButton
                  label={localize('com_nav_open_sidebar')}
                  aria-controls={SIDEBAR_ID}
                  aria-expanded={false}
                  onClick={sidebar.toggle}
                >
                  <SidebarIcon />
                </IconButton>
                <IconButton label={localize('com_ui_new_chat')} onClick={startNewChat}>
                  <NewChatIcon />
                </IconButton>
              </div>
            )
          )}
          <main className="min-h-0 flex-1">
            <ContentFrame>
              <Suspense
                fallback={
                  <div className="flex h-full items-center justify-center">
                    <Spinner />
                  </div>
                }
              >
                <Outlet />
              </Suspense>
            </ContentFrame>
          </main>
        </div>
        {SettingsDialog && settingsOpen && (
          <Suspense fallback={null}>
            <SettingsDialog open onClose={() => setSettingsOpen(false)} />
          </Suspense>
        )}
        {MyFilesDialog && myFilesOpen && (
          <Suspense fallback={null}>
            <MyFilesDialog open onClose={() => setMyFilesOpen(false)} />
          </Suspense>
        )}
        {ExportDialog && exportable && exportOpen && (
          <Suspense fallback={null}>
            <ExportDialog conversationId={conversationId} onClose={() => setExportOpen(false)} />
          </Suspense>
        )}
      </div>
      </ShownConversationContext.Provider>
    </ShellActionsContext.Provider>
  );
}
