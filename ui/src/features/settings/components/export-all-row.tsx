import { useState } from 'react';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useExportAll } from '../api/export-all.js';
import { formatMegabytes } from '../avatar-validation.js';

/**
 * Settings → Data → Export all: downloads one archive of every conversation, preset and file,
 * showing the bytes received so far (the archive is written as it streams; its size is not known
 * ahead). Settings → Data → Import on another instance takes it back.
 */
export function ExportAllRow() {
  const localize = useLocalize();
  const exporting = useExportAll();
  const [bytes, setBytes] = useState(0);

  const start = () => {
    setBytes(0);
    exporting.mutate(setBytes);
  };

  return (
    <div className="border-b border-neutral-200 py-3 last:border-b-0 dark:border-neutral-700">
      <div className="flex items-center justify-between gap-4">
        <span className="text-sm">{localize('com_ui_export_all_data')}</span>
        <button
          type="button"
          disabled={exporting.isPending}
          onClick={start}
          className="rounded-md border border-neutral-300 px-3 py-1.5 text-sm hover:bg-neutral-100 disabled:opacity-50 dark:border-neutral-600 dark:hover:bg-neutral-700"
        >
          {localize('com_ui_export_all')}
        </button>
      </div>
      {exporting.isPending && (
        <p role="status" className="mt-2 text-xs text-neutral-600 dark:text-neutral-300">
          {localize('com_ui_exporting_bytes', formatMegabytes(bytes))}
        </p>
      )}
      {exporting.isSuccess && (
        <p role="status" className="mt-2 text-xs text-neutral-600 dark:text-neutral-300">
          {localize('com_ui_export_all_done', exporting.data.fileName, formatMegabytes(exporting.data.bytes))}
        </p>
      )}
      {exporting.isError && (
        <p role="alert" className="mt-2 text-xs text-red-600 dark:text-red-400">
          {localize('com_ui_export_all_failed', exporting.error.message)}
        </p>
      )}
    </div>
  );
}
