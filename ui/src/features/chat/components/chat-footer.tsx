import type { StartupConfig } from '@protocol';
import { Fragment } from 'react';
import { LegalLinks } from '../../../components/legal-links.js';
import { MarkdownLite } from '../../../components/markdown-lite.js';
import { useLocalize } from '../../../lib/i18n/index.js';

const linkClass = 'underline underline-offset-2 hover:text-neutral-800 dark:hover:text-neutral-200';

/**
 * config.customFooter as markdown-lite text (links, bold, italic; '|' separates parts, as in
 * LibreChat), or "<title> v<version> - <tagline>"; then the privacy policy and terms of service
 * links of librechat.yaml `interface`, when configured.
 */
export function ChatFooter({ config }: { config: StartupConfig }) {
  const localize = useLocalize();
  const brand = config.version ? `${config.appTitle} v${config.version}` : config.appTitle;
  const custom = config.customFooter?.trim();
  return (
    <footer className="px-4 pt-1 pb-3 text-center text-xs text-neutral-500 dark:text-neutral-400">
      {custom
        ? custom.split('|').map((part, index) => (
            <Fragment key={index}>
              {index > 0 && (
                <span aria-hidden="true" className="mx-2 text-neutral-300 dark:text-neutral-600">
                  |
                </span>
              )}
              <MarkdownLite text={part.trim()} linkClassName={linkClass} />
            </Fragment>
          ))
        : `${brand} - ${localize('com_ui_footer_tagline')}`}
      <LegalLinks privacyPolicy={config.interface?.privacyPolicy} termsOfService={config.interface?.termsOfService} leadingSeparator />
    </footer>
  );
}
