import { classNames } from '../../../components/class-names.js';
import { CloseIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import type { AttachedFile } from '../hooks/use-attachments.js';
import { FileTypeBadge } from './file-type-badge.js';

/** The composer's files above the input: image thumbnails and document cards, each with its progress and a remove button. */
export function AttachmentChips({ files, onRemove }: { files: readonly AttachedFile[]; onRemove(id: string): void }) {
  const localize = useLocalize();
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 px-2 pt-1 pb-2" aria-label={localize('com_ui_attached_files')}>
      {files.map((file) => (
        <li key={file.id} className="relative">
          <div className={classNames('flex h-14 items-center gap-2 overflow-hidden rounded-xl border border-neutral-200 bg-neutral-50 dark:border-neutral-600 dark:bg-neutral-700', !file.preview && 'pe-3')}>
            {file.preview ? (
              <img src={file.preview} alt={file.filename} className="size-14 object-cover" />
            ) : (
              <>
                <FileTypeBadge filename={file.filename} type={file.type} className="ms-2" />
                <span className="flex max-w-40 flex-col text-start">
                  <span className="truncate text-sm font-medium">{file.filename}</span>
                  <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">{file.type}</span>
                </span>
              </>
            )}
          </div>
          {file.progress < 1 && (
            <div
              role="progressbar"
              aria-label={localize('com_ui_upload_progress', file.filename)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(file.progress * 100)}
              className="absolute inset-x-1 bottom-1 h-1 overflow-hidden rounded bg-neutral-300/80 dark:bg-neutral-500"
            >
              <div className="h-full bg-neutral-900 transition-[width] dark:bg-white" style={{ width: `${file.progress * 100}%` }} />
            </div>
          )}
          <button
            type="button"
            onClick={() => onRemove(file.id)}
            aria-label={localize('com_ui_remove_file', file.filename)}
            title={localize('com_ui_remove_file', file.filename)}
            className="absolute -end-1.5 -top-1.5 flex size-5 items-center justify-center rounded-full bg-neutral-900 text-white hover:bg-neutral-700 dark:bg-white dark:text-neutral-900"
          >
            <CloseIcon size={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}
