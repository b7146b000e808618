import type { FooterLink } from '@protocol';
import { Fragment } from 'react';
import { useLocalize, type TranslationKey } from '../lib/i18n/index.js';
import { textLinkClass } from './text-link.js';

export interface LegalLinksProps {
  /** librechat.yaml `interface.privacyPolicy` / `termsOfService`, as /api/config serves them. */
  privacyPolicy?: FooterLink;
  termsOfService?: FooterLink;
  /** Shown between two links (and before the first, with `leadingSeparator`). */
  separator?: string;
  leadingSeparator?: boolean;
}

function ExternalLink({ link, labelKey }: { link: FooterLink; labelKey: TranslationKey }) {
  const localize = useLocalize();
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

/** Privacy policy and terms of service, only those configured, for the login page's and the chat's footers. */
export function LegalLinks({ privacyPolicy, termsOfService, separator = '|', leadingSeparator = false }: LegalLinksProps) {
  const links = [
    { link: privacyPolicy, labelKey: 'com_ui_privacy_policy' as const },
    { link: termsOfService, labelKey: 'com_ui_terms_of_service' as const },
  ].filter((entry): entry is { link: FooterLink & { externalUrl: string }; labelKey: 'com_ui_privacy_policy' | 'com_ui_terms_of_service' } => Boolean(entry.link?.externalUrl));
  return links.map(({ link, labelKey }, index) => (
    <Fragment key={labelKey}>
      {(index > 0 || leadingSeparator) && (
        <span aria-hidden="true" className="mx-2 text-neutral-300 dark:text-neutral-600">
          {separator}
        </span>
      )}
      <ExternalLink link={link} labelKey={labelKey} />
    </Fragment>
  ));
}
