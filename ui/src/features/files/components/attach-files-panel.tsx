import type { FileDto } from '@protocol';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/button.js';
import { useChatAttachments } from '../../../lib/attachments/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useFilesQuery } from '../api/files-api.js';
import { sortFiles, type FileSort } from '../utils/sort-files.js';
import { MyFilesDialog } from './my-files-dialog.js';
import { SortHeader } from './sort-header.js';

/** Spec 001 §2/§9: the files table of the side panel shows 10 rows a page. */
export const PANEL_PAGE_SIZE = 10;

/** The side panel's attach-files tab: the user's files to attach again, filtered, sorted, paged; Manage opens My files. */
export function AttachFilesPanel() {
  const localize = useLocalize();
  const attachments = useChatAttachments();
  const files = useFilesQuery();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<FileSort>({ column: 'updatedAt', descending: true });
  const [page, setPage] = useState(0);
  const [managing, setManaging] = useState(false);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return sortFiles((files.data ?? []).filter((file: FileDto) => file.filename.toLowerCase().includes(needle)), sort);
  }, [files.data, filter, sort]);
  const pages = Math.max(1, Math.ceil(shown.length / PANEL_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const rows = shown.slice(current * PANEL_PAGE_SIZE, (current + 1) * PANEL_PAGE_SIZE);
  const dates = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'short' });
  const sortBy = (column: FileSort['column']) => setSort((previous) => ({ column, descending: previous.column === column ? !previous.descending : column !== 'filename' }));

  return (
    <div className="flex flex-col gap-2 text-sm">
      <input
        type="search"
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
          setPage(0);
        }}
        placeholder={localize('com_ui_filter_files')}
        aria-label={localize('com_ui_filter_files')}
        className="rounded-lg border border-neutral-300 bg-transparent px-3 py-1.5 dark:border-neutral-600"
      />
      <table className="w-full table-fixed">
        <thead>
          <tr>
            <SortHeader column="filename" label={localize('com_ui_file_name')} sort={sort} onSort={sortBy} />
            <SortHeader column="updatedAt" label={localize('com_ui_file_date')} sort={sort} onSort={sortBy} />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} className="py-4 text-center text-neutral-500">
                {localize('com_ui_no_files')}
              </td>
            </tr>
          ) : (
            rows.map((file) => (
              <tr key={file.file_id} className="border-t border-neutral-200 dark:border-neutral-700">
                <td className="truncate px-2 py-1.5">
                  <button
                    type="button"
                    disabled={!attachments}
                    onClick={() => attachments?.attachStored(file)}
                    title={localize('com_ui_attach_file', file.filename)}
                    aria-label={localize('com_ui_attach_file', file.filename)}
                    className="max-w-full truncate text-start hover:underline disabled:no-underline"
                  >
                    {file.filename}
                  </button>
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap">{dates.format(new Date(file.updatedAt))}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {/* Wraps: the panel may be as narrow as 20 % of the window. */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="secondary" onClick={() => setManaging(true)}>
          {localize('com_ui_manage_files')}
        </Button>
        <div className="flex gap-1">
          <Button variant="ghost" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {localize('com_ui_previous_page')}
          </Button>
          <Button variant="ghost" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            {localize('com_ui_next_page')}
          </Button>
        </div>
      </div>
      {managing && <MyFilesDialog open onClose={() => setManaging(false)} />}
    </div>
  );
}
