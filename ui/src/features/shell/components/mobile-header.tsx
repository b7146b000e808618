import type { ReactNode } from 'react';
import { IconButton } from '../../../components/icon-button.js';
import { NewChatIcon, SidebarIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

interface MobileHeaderProps {
  sidebarId: string;
  sidebarOpen: boolean;
  title: ReactNode;
  onToggleSidebar: () => void;
  onNewChat: () => void;
}

/** Below 768 px: sidebar toggle, the conversation title, new chat (spec 000 §2). */
export function MobileHeader({ sidebarId, sidebarOpen, title, onToggleSidebar, onNewChat }: MobileHeaderProps) {
  const localize = useLocalize();
  return (
    <header className="flex h-12 shrink-0 items-center justify-between border-b border-neutral-200 px-2 dark:border-neutral-800">
      <IconButton
        label={localize(sidebarOpen ? 'com_nav_close_sidebar' : 'com_nav_open_sidebar')}
        aria-controls={sidebarId}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      >
        <SidebarIcon />
      </IconButton>
      <h1 className="min-w-0 flex-1 truncate px-2 text-center text-base font-medium">{title}</h1>
      <IconButton label={localize('com_ui_new_chat')} onClick={onNewChat}>
        <NewChatIcon />
      </IconButton>
    </header>
  );
}
