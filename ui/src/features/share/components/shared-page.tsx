import { useParams } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/spinner.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { isApiError } from '../../../lib/api-error.js';
import { useSharedConversationQuery } from '../api/get-shared-conversation.js';
import { SharedMessage } from './shared-message.js';

/**
 * /share/:shareId: a shared conversation for anyone with the link, signed in or not. Read-only by
 * construction: no composer, no sidebar, no user menu; only the snapshot's messages.
 */
export function SharedPage() {
  const localize = useLocalize();
  const { shareId = '' } = useParams();
  const query = useSharedConversationQuery(shareId);
  // An empty lang (before i18n sets it) is not a locale: toLocaleDateString would throw.
  const locale = document.documentElement.lang || undefined;

  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
    const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <main className="flex min-h-dvh items-center justify-center px-6">
        <p role="alert" className="text-center text-neutral-600 dark:text-neutral-300">
          {notFound ? localize('com_ui_shared_not_found') : localize('com_ui_share_error', query.error.message)}
        </p>
      </main>
    );
  }

  const shared = query.data;
  const sharedOn = new Date(shared.updatedAt).toLocaleDateString(locale, { dateStyle: 'long' });
  return (
    <main className="min-h-dvh overflow-y-auto pb-10">
      <header className="mx-auto w-full max-w-3xl border-b border-neutral-200 px-4 py-6 md:px-6 dark:border-neutral-700">
        <h1 className="text-2xl font-semibold break-words">{shared.title}</h1>
        <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{localize('com_ui_shared_read_only', sharedOn)}</p>
      </header>
      <div data-testid="shared-messages">
        {shared.messages.map((message) => (
          <SharedMessage key={message.messageId} shareId={shared.shareId} message={message} />
        ))}
      </div>
    </main>
  );
}
