import type { StartupConfig } from '@protocol';
import { useLocalize } from '../../../lib/i18n/index.js';

/** config.customFooter, or "<title> v<version> - <tagline>". Plain text: the footer is not markdown yet. */
export function ChatFooter({ config }: { config: StartupConfig }) {
  const localize = useLocalize();
  const brand = config.version ? `${config.appTitle} v${config.version}` : config.appTitle;
  const text = config.customFooter?.trim() || `${brand} - ${localize('com_ui_footer_tagline')}`;
  return (
    <footer className="px-4 pt-1 pb-3 text-center text-xs text-neutral-500 dark:text-neutral-400">{text}</footer>
  );
}
