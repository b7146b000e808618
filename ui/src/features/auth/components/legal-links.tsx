import type { StartupConfig } from '@protocol';
import { textLinkClass } from '../../../components/text-link.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';

type LegalLink = NonNullable<NonNullable<StartupConfig['interface']>['privacyPolicy']>;

function ExternalLink({ link, labelKey }: { link?: LegalLink; labelKey: TranslationKey }) {
  const localize = useLocalize();
  if (!link?.externalUrl) return null;
  const newTab = link.openNewTab ?? false;
  return (
    <a
      href={link.externalUrl}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
      className={textLinkClass + ' text-neutral-500 dark:text-neutral-400'}
    >
      {localize(labelKey)}
      {newTab && <span className="sr-only"> {localize('com_ui_opens_new_tab')}</span>}
    </a>
  );
}

/** Privacy policy and terms of service from config.interface, only when configured. */
export function LegalLinks({ config }: { config: StartupConfig }) {
  const { privacyPolicy, termsOfService } = config.interface ?? {};
  if (!privacyPolicy?.externalUrl && !termsOfService?.externalUrl) return null;
  return (
    <footer className="flex justify-center gap-4 py-6 text-xs">
      <ExternalLink link={privacyPolicy} labelKey="com_ui_privacy_policy" />
      {privacyPolicy?.externalUrl && termsOfService?.externalUrl && (
        <span aria-hidden="true" className="text-neutral-300 dark:text-neutral-600">
          |
        </span>
      )}
      <ExternalLink link={termsOfService} labelKey="com_ui_terms_of_service" />
    </footer>
  );
}
