import { useEffect, useRef, type ComponentType } from 'react';
import { IconButton } from '../../../components/icon-button.js';
import { classNames } from '../../../components/class-names.js';
import { ChatBubblesIcon, CloseIcon, NewChatIcon, SidebarIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { UserMenu } from './user-menu.js';

interface SidebarProps {
  id: string;
  open: boolean;
  isMobile: boolean;
  onClose: () => void;
  onNewChat: () => void;
  /** Composed in by the app (see ShellSlots.Conversations); a placeholder shows without it. */
  Conversations?: ComponentType<{ onNavigate: () => void }>;
  /** After a conversation is chosen: closes the drawer on mobile. */
  onNavigate?: () => void;
}

/** 260 px column on desktop; a 320 px drawer over the chat below 768 px. */
export function Sidebar({ id, open, isMobile, onClose, onNewChat, Conversations, onNavigate = () => undefined }: SidebarProps) {
  const localize = useLocalize();
  const closeRef = useRef<HTMLButtonElement>(null);

  // The drawer covers the page: move focus into it and let Escape dismiss it.
  useEffect(() => {
    if (!isMobile || !open) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMobile, open, onClose]);

  return (
    <aside
      id={id}
      aria-label={localize('com_ui_chat_history')}
      // Closed: removed on desktop; on mobile kept for the slide animation but out of reach.
      hidden={!isMobile && !open}
      inert={isMobile && !open}
      className={classNames(
        'flex h-full flex-col bg-neutral-50 dark:bg-sidebar-dark',
        isMobile
          ? 'fixed inset-y-0 start-0 z-40 w-[320px] max-w-[85vw] shadow-xl transition-[translate,visibility] duration-200'
          : 'w-[260px] shrink-0 border-e border-neutral-200 dark:border-transparent',
        isMobile && !open && 'invisible -translate-x-full rtl:translate-x-full',
      )}
    >
      <div className="flex items-center justify-between gap-1 px-2 pt-2 pb-1">
        <IconButton
          ref={closeRef}
          label={localize('com_nav_close_sidebar')}
          aria-controls={id}
          aria-expanded={open}
          onClick={onClose}
        >
          {isMobile ? <CloseIcon /> : <SidebarIcon />}
        </IconButton>
        <IconButton label={localize('com_ui_new_chat')} onClick={onNewChat}>
          <NewChatIcon />
        </IconButton>
      </div>

      <div className="px-2 pb-2">
        <button
          type="button"
          onClick={onNewChat}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-200/70 dark:text-neutral-100 dark:hover:bg-neutral-800"
        >
          <NewChatIcon />
          {localize('com_ui_new_chat')}
        </button>
      </div>

      <nav aria-label={localize('com_ui_conversations')} className="flex min-h-0 flex-1 flex-col">
        {Conversations ? (
          <Conversations onNavigate={onNavigate} />
        ) : (
          <div className="mx-2 mt-2 flex flex-col items-center gap-2 rounded-xl border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-500 dark:border-neutral-700 dark:text-neutral-400">
            <ChatBubblesIcon />
            <p>{localize('com_ui_conversations_placeholder')}</p>
          </div>
        )}
      </nav>

      <div className="border-t border-neutral-200 p-2 dark:border-neutral-800">
        <UserMenu />
      </div>
    </aside>
  );
}
