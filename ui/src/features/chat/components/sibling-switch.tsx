import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

interface SiblingSwitchProps {
  index: number;
  count: number;
  onSelect(index: number): void;
  disabled?: boolean;
}

/** ‹ 2 / 3 ›: moves between the alternative versions at this position of the conversation. */
export function SiblingSwitch({ index, count, onSelect, disabled = false }: SiblingSwitchProps) {
  const localize = useLocalize();
  if (count < 2) return null;
  const buttonClass =
    'flex size-7 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 disabled:pointer-events-none disabled:opacity-30 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white';
  return (
    <div className="flex items-center text-xs text-neutral-500 tabular-nums dark:text-neutral-400" role="group" aria-label={localize('com_ui_sibling_position_label', index + 1, count)}>
      <button type="button" className={buttonClass} aria-label={localize('com_ui_previous_sibling')} disabled={disabled || index === 0} onClick={() => onSelect(index - 1)}>
        <ChevronLeftIcon />
      </button>
      <span aria-hidden="true" className="min-w-9 text-center">
        {localize('com_ui_sibling_position', index + 1, count)}
      </span>
      <button type="button" className={buttonClass} aria-label={localize('com_ui_next_sibling')} disabled={disabled || index === count - 1} onClick={() => onSelect(index + 1)}>
        <ChevronRightIcon />
      </button>
    </div>
  );
}
