import type { ImportConversationsResponse } from '@protocol';
import { useRef, useState } from 'react';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useImportConversations } from '../api/import-conversations.js';

/**
 * Settings → Data → Import: picks an export file (any supported format, or an Export all archive;
 * the server tells them apart), shows how far the import is, then what it did.
 */
export function ImportConversationsRow() {
  const localize = useLocalize();
  const input = useRef<HTMLInputElement>(null);
  const importing = useImportConversations();
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<ImportConversationsResponse | null>(null);

  const start = (file: File) => {
    setResult(null);
    setProgress(0);
    importing.mutate({ file, onProgress: setProgress }, { onSuccess: setResult });
  };

  return (
    <div className="border-b border-neutral-200 py-3 last:border-b-0 dark:border-neutral-700">
      <div className="flex items-center justify-between gap-4">
        <span className="text-sm">{localize('com_ui_import_conversations')}</span>
        <button
          type="button"
          disabled={importing.isPending}
          onClick={() => input.current?.click()}
          className="rounded-md border border-neutral-300 px-3 py-1.5 text-sm hover:bg-neutral-100 disabled:opacity-50 dark:border-neutral-600 dark:hover:bg-neutral-700"
        >
          {localize('com_ui_import')}
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json,.gz,.tgz,application/gzip"
          aria-label={localize('com_ui_import_conversations')}
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that picking the same file again starts another import.
            event.target.value = '';
            if (file) start(file);
          }}
        />
      </div>
      {importing.isPending && (
        <div
          role="progressbar"
          aria-label={localize('com_ui_importing')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="mt-2 h-1.5 overflow-hidden rounded bg-neutral-200 dark:bg-neutral-600"
        >
          <div className="h-full bg-emerald-600 transition-[width] dark:bg-emerald-500" style={{ width: `${progress * 100}%` }} />
        </div>
      )}
      {result && (
        <div role="status" className="mt-2 text-xs text-neutral-600 dark:text-neutral-300">
          <p>{localize('com_ui_import_summary', String(result.imported), String(result.skipped), String(result.failedCount))}</p>
          {result.files && <p>{localize('com_ui_import_archive_summary', String(result.presets ?? 0), String(result.files.imported + result.files.skipped), String(result.files.failed))}</p>}
          {result.failed.length > 0 && (
            <ul className="mt-1 max-h-24 list-disc overflow-y-auto ps-4">
              {result.failed.map((failure, index) => (
                <li key={index}>
                  {failure.name}: {failure.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {importing.isError && (
        <p role="alert" className="mt-2 text-xs text-red-600 dark:text-red-400">
          {localize('com_ui_import_failed', importing.error.message)}
        </p>
      )}
    </div>
  );
}
