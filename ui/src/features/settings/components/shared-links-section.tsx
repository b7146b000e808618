import { useMemo } from 'react';
import { Button } from '../../../components/button.js';
import { Spinner } from '../../../components/spinner.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { sharedLinkUrl, useDeleteSharedLink, useSharedLinksQuery } from '../../../lib/shared-links/index.js';
import { useStartupConfig } from '../../../lib/startup-config/get-startup-config.js';
import { useToast } from '../../../lib/toast/index.js';

/** Settings → Data → Shared links: every link the user made, to open or revoke. Hidden when the operator turned sharing off. */
export function SharedLinksSection() {
  const { config } = useStartupConfig();
  if (!config.sharedLinksEnabled) return null;
  return <SharedLinksList />;
}

function SharedLinksList() {
  const localize = useLocalize();
  const { showToast } = useToast();
  const query = useSharedLinksQuery();
  const remove = useDeleteSharedLink();
  const links = useMemo(() => query.data?.pages.flatMap((page) => page.links) ?? [], [query.data]);
  // An empty lang (before i18n sets it) is not a locale: toLocaleDateString would throw.
  const locale = document.documentElement.lang || undefined;

  return (
    <section aria-labelledby="shared-links-heading" className="border-b border-neutral-200 py-3 last:border-b-0 dark:border-neutral-700">
      <h3 id="shared-links-heading" className="text-sm">
        {localize('com_nav_shared_links')}
      </h3>
      {query.isPending && <Spinner className="mt-2" />}
      {query.isError && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {localize('com_ui_share_error', query.error.message)}
        </p>
      )}
      {query.isSuccess && links.length === 0 && <p className="mt-2 text-sm text-neutral-500 dark:text-neutral-400">{localize('com_nav_shared_links_empty')}</p>}
      {links.length > 0 && (
        <ul className="mt-2 flex max-h-64 flex-col gap-1 overflow-y-auto">
          {links.map((link) => (
            <li key={link.shareId} className="flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-neutral-100 dark:hover:bg-neutral-800">
              <div className="min-w-0 flex-1">
                <a href={sharedLinkUrl(link.shareId)} target="_blank" rel="noopener noreferrer" className="block truncate text-sm font-medium underline-offset-4 hover:underline">
                  {link.title || localize('com_ui_new_chat_title')}
                </a>
                <span className="text-xs text-neutral-500 dark:text-neutral-400">{new Date(link.createdAt).toLocaleDateString(locale, { dateStyle: 'medium' })}</span>
              </div>
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                aria-label={localize('com_ui_share_revoke_named', link.title)}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { shareId: link.shareId, conversationId: link.conversationId },
                    { onError: (error) => showToast({ message: localize('com_ui_share_error', error.message), severity: 'error' }) },
                  )
                }
              >
                {localize('com_ui_revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="ghost" className="mt-1 px-2 py-1 text-xs" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {localize('com_ui_show_more_links')}
        </Button>
      )}
    </section>
  );
}
