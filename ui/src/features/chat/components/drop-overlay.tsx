import { UploadIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

/** Covers the chat while files are dragged over it. */
export function DropOverlay() {
  const localize = useLocalize();
  return (
    <div className="pointer-events-none absolute inset-0 z-30 flex items-center justify-center bg-white/80 backdrop-blur-sm dark:bg-neutral-900/80" role="presentation">
      <div className="flex flex-col items-center gap-2 rounded-3xl border-2 border-dashed border-neutral-300 px-12 py-10 text-center dark:border-neutral-600">
        <span className="text-neutral-500 dark:text-neutral-400">
          <UploadIcon />
        </span>
        <p className="text-lg font-semibold text-neutral-900 dark:text-neutral-100">{localize('com_ui_drop_title')}</p>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{localize('com_ui_drop_description')}</p>
      </div>
    </div>
  );
}
