import type { ReactNode } from 'react';
import { useLocalize } from '../../../lib/i18n/index.js';
import './chat-header.css';

/**
 * The bar above the messages with what the app puts in it (endpoint picker, settings, presets). Its
 * layer is above the messages (for its menus) and below the shell's floating sidebar buttons.
 */
export function ChatHeader({ children }: { children?: ReactNode }) {
  const localize = useLocalize();
  return (
    <header
      aria-label={localize('com_ui_chat_settings')}
      className="chat-header relative z-[5] flex h-12 shrink-0 md:h-14 items-center gap-1 bg-white/95 px-2 backdrop-blur transition-[padding] md:px-3 dark:bg-surface-dark/95"
    >
      {children}
    </header>
  );
}
