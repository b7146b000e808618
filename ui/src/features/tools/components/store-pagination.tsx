import { classNames } from '../../../components/class-names.js';
import { useLocalize } from '../../../lib/i18n/index.js';

export interface StorePaginationProps {
  /** 0-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Previous, one button per page (the current one marked), next; nothing when one page holds all. */
export function StorePagination({ page, pages, onPage }: StorePaginationProps) {
  const localize = useLocalize();
  if (pages <= 1) return null;
  const button = 'min-w-9 rounded-lg px-2.5 py-1.5 text-sm hover:bg-neutral-100 disabled:opacity-40 dark:hover:bg-neutral-700';
  return (
    <nav aria-label={localize('com_ui_plugin_pages')} className="flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={button} disabled={page === 0} onClick={() => onPage(page - 1)}>
        {localize('com_ui_previous_page')}
      </button>
      {Array.from({ length: pages }, (_, index) => (
        <button
          key={index}
          type="button"
          aria-current={index === page ? 'page' : undefined}
          aria-label={localize('com_ui_plugin_page', index + 1)}
          className={classNames(button, index === page && 'bg-neutral-900 text-white hover:bg-neutral-900 dark:bg-neutral-100 dark:text-neutral-900')}
          onClick={() => onPage(index)}
        >
          {index + 1}
        </button>
      ))}
      <button type="button" className={button} disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {localize('com_ui_next_page')}
      </button>
    </nav>
  );
}
