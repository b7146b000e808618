import type { ConversationDto } from '@protocol';
import { useMemo, useRef, useState } from 'react';
import { useMatch } from 'react-router-dom';
import { Spinner } from '../../../components/spinner.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useConversationsQuery } from '../api/get-conversations.js';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll.js';
import { groupByDate } from '../utils/group-by-date.js';
import { ConversationRow } from './conversation-row.js';
import { dateGroupLabel } from './date-group-label.js';
import { DeleteConversationDialog } from './delete-conversation-dialog.js';

export interface ConversationListProps {
  /** Called after a row is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
  /** Opens the share dialog of a conversation; without it rows have no Share action. */
  onShare?: (conversationId: string) => void;
}

/**
 * The sidebar's history: GET /api/convos page by page as the list is scrolled, grouped by the
 * day of the last update. The row of the open conversation is highlighted and carries the actions.
 */
export function ConversationList({ onNavigate, onShare }: ConversationListProps) {
  const localize = useLocalize();
  const query = useConversationsQuery();
  const currentId = useMatch('/c/:conversationId')?.params.conversationId;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [deleting, setDeleting] = useState<ConversationDto | null>(null);
  const conversations = useMemo(() => query.data?.pages.flatMap((page) => page.conversations) ?? [], [query.data]);
  const groups = useMemo(() => groupByDate(conversations), [conversations]);
  const locale = typeof document === 'undefined' ? undefined : document.documentElement.lang;

  useInfiniteScroll(scrollRef, {
    hasMore: Boolean(query.hasNextPage),
    loading: query.isFetching,
    loadMore: () => void query.fetchNextPage(),
  });

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto px-2 pb-2" data-testid="conversation-scroller">
      {query.isPending && (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      )}
      {query.isError && (
        <div role="alert" className="px-3 py-4 text-sm text-neutral-500 dark:text-neutral-400">
          <p>{localize('com_ui_conversations_error')}</p>
          <button type="button" onClick={() => void query.refetch()} className="mt-2 font-medium text-neutral-900 underline-offset-4 hover:underline dark:text-white">
            {localize('com_ui_retry')}
          </button>
        </div>
      )}
      {query.isSuccess && conversations.length === 0 && (
        <p className="px-3 py-6 text-center text-sm leading-relaxed text-neutral-500 dark:text-neutral-400">{localize('com_ui_no_conversations')}</p>
      )}
      {groups.map(({ key, group, items }) => (
        <section key={key} aria-labelledby={`conversation-group-${key}`} className="mb-3">
          <h3 id={`conversation-group-${key}`} className="sticky top-0 z-10 bg-neutral-50 px-3 pt-3 pb-1.5 text-xs font-semibold text-neutral-500 dark:bg-sidebar-dark dark:text-neutral-400">
            {dateGroupLabel(group, localize, locale)}
          </h3>
          <ol className="flex flex-col gap-px">
            {items.map((conversation) => (
              <ConversationRow
                key={conversation.conversationId}
                conversation={conversation}
                current={conversation.conversationId === currentId}
                onNavigate={onNavigate}
                onDelete={() => setDeleting(conversation)}
                onShare={onShare && (() => onShare(conversation.conversationId))}
              />
            ))}
          </ol>
        </section>
      ))}
      {query.isFetchingNextPage && (
        <p className="flex items-center justify-center gap-2 py-3 text-xs text-neutral-500 dark:text-neutral-400">
          <span aria-hidden="true" className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent" />
          {localize('com_ui_loading_more')}
        </p>
      )}
      {deleting && <DeleteConversationDialog conversation={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
