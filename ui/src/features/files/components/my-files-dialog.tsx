import { megabyte, type FileDto } from '@protocol';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/button.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { Dialog } from '../../../components/dialog.js';
import { DownloadIcon } from '../../../components/icons/index.js';
import { Spinner } from '../../../components/spinner.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import { useDeleteFilesMutation, useFileConfigQuery, useFilesQuery } from '../api/files-api.js';
import { useFileDownload } from '../hooks/use-file-download.js';
import { formatMegabytes } from '../utils/check-files.js';
import { sortFiles, type FileSort } from '../utils/sort-files.js';
import { SortHeader } from './sort-header.js';

/** Spec 001 §2: the user's files in a table: filter, selection count, sorting, delete with confirmation, download. */
export function MyFilesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const files = useFilesQuery(open);
  const fileConfig = useFileConfigQuery();
  const remove = useDeleteFilesMutation();
  const download = useFileDownload();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<FileSort>({ column: 'updatedAt', descending: true });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const all = files.data ?? [];
  // fileConfig.userStorageLimit (MB, off by default): what the server holds uploads to, so the user sees it coming.
  const quota = fileConfig.data?.userStorageLimit;
  const storedBytes = all.reduce((total, file) => total + file.bytes, 0);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return sortFiles(
      all.filter((file) => file.filename.toLowerCase().includes(needle)),
      sort,
    );
  }, [all, filter, sort]);
  const selectedShown = shown.filter((file) => selected.has(file.file_id));
  const allShownSelected = shown.length > 0 && selectedShown.length === shown.length;
  // The page's language (the I18nProvider keeps <html lang> current), as the sidebar's dates.
  const dates = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'medium' });

  const toggle = (fileId: string) =>
    setSelected((set) => {
      const next = new Set(set);
      if (!next.delete(fileId)) next.add(fileId);
      return next;
    });
  const toggleAll = () => setSelected(allShownSelected ? new Set() : new Set(shown.map((file) => file.file_id)));
  const sortBy = (column: FileSort['column']) => setSort((current) => ({ column, descending: current.column === column ? !current.descending : column !== 'filename' }));

  const deleteSelected = () => {
    const ids = selectedShown.map((file) => file.file_id);
    remove.mutate(ids, {
      onSuccess: () => showToast({ message: localize('com_ui_files_deleted', String(ids.length)) }),
      onError: () => showToast({ message: localize('com_ui_files_delete_error'), severity: 'error' }),
      onSettled: () => {
        setSelected(new Set());
        setConfirming(false);
      },
    });
  };

  const header = (column: FileSort['column'], label: string) => <SortHeader column={column} label={label} sort={sort} onSort={sortBy} />;
  const row = (file: FileDto) => (
    <tr key={file.file_id} className="border-t border-neutral-200 dark:border-neutral-700">
      <td className="px-2 py-2">
        <input
          type="checkbox"
          checked={selected.has(file.file_id)}
          onChange={() => toggle(file.file_id)}
          aria-label={localize('com_ui_select_file', file.filename)}
          className="size-4"
        />
      </td>
      <td className="max-w-56 truncate px-2 py-2 font-medium" title={file.filename}>
        {file.filename}
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{dates.format(new Date(file.updatedAt))}</td>
      <td className="px-2 py-2 whitespace-nowrap">{formatMegabytes(file.bytes)}</td>
      <td className="px-2 py-2">{file.source}</td>
      <td className="px-2 py-2">{file.context}</td>
      <td className="px-2 py-2">
        <button
          type="button"
          onClick={() => void download(file.file_id, file.filename)}
          aria-label={localize('com_ui_download_file', file.filename)}
          title={localize('com_ui_download_file', file.filename)}
          className="flex size-8 items-center justify-center rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-700"
        >
          <DownloadIcon />
        </button>
      </td>
    </tr>
  );

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title={localize('com_nav_my_files')}
        size="lg"
        footer={
          <Button variant="secondary" disabled={selectedShown.length === 0} onClick={() => setConfirming(true)}>
            {localize('com_ui_delete_selected')}
          </Button>
        }
      >
        <div className="flex flex-wrap items-center justify-between gap-2 pb-2">
          <input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={localize('com_ui_filter_files')}
            aria-label={localize('com_ui_filter_files')}
            className="min-w-0 flex-1 rounded-lg border border-neutral-300 bg-transparent px-3 py-1.5 text-sm dark:border-neutral-600"
          />
          <span className="text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
            {localize('com_ui_files_selected', String(selectedShown.length), String(shown.length))}
          </span>
        </div>
        {quota !== undefined && files.data ? (
          <p className={`pb-2 text-sm ${storedBytes >= quota * megabyte ? 'text-red-600 dark:text-red-400' : 'text-neutral-600 dark:text-neutral-300'}`}>
            {localize('com_ui_storage_used', formatMegabytes(storedBytes), formatMegabytes(quota * megabyte))}
          </p>
        ) : null}
        {files.isPending ? (
          <Spinner />
        ) : shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-neutral-500">{localize('com_ui_no_files')}</p>
        ) : (
          <div className="max-h-[55vh] overflow-auto">
            <table className="w-full text-start text-sm">
              <thead>
                <tr className="text-start">
                  <th className="px-2 py-1" scope="col">
                    <input type="checkbox" checked={allShownSelected} onChange={toggleAll} aria-label={localize('com_ui_select_all_files')} className="size-4" />
                  </th>
                  {header('filename', localize('com_ui_file_name'))}
                  {header('updatedAt', localize('com_ui_file_date'))}
                  {header('bytes', localize('com_ui_file_size'))}
                  <th className="px-2 py-1 text-start font-medium" scope="col">
                    {localize('com_ui_file_storage')}
                  </th>
                  <th className="px-2 py-1 text-start font-medium" scope="col">
                    {localize('com_ui_file_context')}
                  </th>
                  <th className="px-2 py-1" scope="col">
                    <span className="sr-only">{localize('com_ui_download')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>{shown.map(row)}</tbody>
            </table>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={localize('com_ui_delete_files_title')}
        confirmLabel={localize('com_ui_delete')}
        pending={remove.isPending}
        onConfirm={deleteSelected}
        onCancel={() => setConfirming(false)}
      >
        {localize('com_ui_delete_files_confirm', String(selectedShown.length))}
      </ConfirmDialog>
    </>
  );
}
