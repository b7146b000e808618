import { useMemo, useRef } from 'react';
import { Link, useMatch } from 'react-router-dom';
import { classNames } from '../../../components/class-names.js';
import { Spinner } from '../../../components/spinner.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useConversationSearch } from '../api/search-conversations.js';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll.js';
import { HighlightedText } from './highlighted-text.js';

/** Matching conversations, best first, each with its best matching message; paged like the list. */
export function SearchResults({ query, onNavigate }: { query: string; onNavigate?: () => void }) {
  const localize = useLocalize();
  const search = useConversationSearch(query);
  const currentId = useMatch('/c/:conversationId')?.params.conversationId;
  const scrollRef = useRef<HTMLDivElement>(null);
  const results = useMemo(() => {
    const pages = search.data?.pages ?? [];
    return pages.flatMap((page) =>
      page.conversations.map((conversation) => ({
        conversation,
        snippet: page.messages.find((message) => message.conversationId === conversation.conversationId)?.text,
      })),
    );
  }, [search.data]);

  useInfiniteScroll(scrollRef, { hasMore: Boolean(search.hasNextPage), loading: search.isFetching, loadMore: () => void search.fetchNextPage() });

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
      <h3 className="px-3 pt-3 pb-1.5 text-xs font-semibold text-neutral-500 dark:text-neutral-400">{localize('com_ui_search_results')}</h3>
      {search.isPending && (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      )}
      {search.isError && (
        <p role="alert" className="px-3 py-4 text-sm text-neutral-500">
          {localize('com_ui_search_error')}
        </p>
      )}
      {search.isSuccess && results.length === 0 && <p className="px-3 py-4 text-sm text-neutral-500 dark:text-neutral-400">{localize('com_ui_search_no_results', query)}</p>}
      <ol className="flex flex-col gap-px">
        {results.map(({ conversation, snippet }) => {
          const current = conversation.conversationId === currentId;
          return (
            <li key={conversation.conversationId}>
              <Link
                to={`/c/${encodeURIComponent(conversation.conversationId)}`}
                aria-current={current ? 'page' : undefined}
                onClick={onNavigate}
                className={classNames(
                  'block rounded-lg px-3 py-2 text-sm',
                  current ? 'bg-neutral-200 dark:bg-neutral-800' : 'hover:bg-neutral-200/60 dark:hover:bg-neutral-800/70',
                )}
              >
                <span className="block truncate font-medium text-neutral-900 dark:text-neutral-100">{conversation.title || localize('com_ui_new_chat_title')}</span>
                {snippet && (
                  <span className="mt-0.5 line-clamp-2 text-xs leading-snug text-neutral-500 dark:text-neutral-400">
                    <HighlightedText text={snippet} />
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ol>
      {search.isFetchingNextPage && (
        <div className="flex justify-center py-3">
          <Spinner className="scale-75" />
        </div>
      )}
    </div>
  );
}
