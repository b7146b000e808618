import { classNames } from '../../../components/class-names.js';
import { ArrowDownIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

/** Floats above the composer when the newest message is out of view (spec 000 §2). */
export function ScrollToBottomButton({ visible, onClick }: { visible: boolean; onClick(): void }) {
  const localize = useLocalize();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={localize('com_ui_scroll_to_bottom')}
      title={localize('com_ui_scroll_to_bottom')}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      className={classNames(
        'absolute bottom-3 left-1/2 z-10 flex size-9 -translate-x-1/2 items-center justify-center rounded-full border border-neutral-200 bg-white text-neutral-700 shadow-md transition-[opacity,translate] duration-[400ms] hover:bg-neutral-50',
        'dark:border-neutral-600 dark:bg-neutral-800 dark:text-neutral-200 dark:hover:bg-neutral-700',
        visible ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-2 opacity-0',
      )}
    >
      <ArrowDownIcon />
    </button>
  );
}
