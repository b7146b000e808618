import { useId, type ReactNode } from 'react';
import { useLocalize } from '../lib/i18n/index.js';
import { classNames } from './class-names.js';
import { CloseIcon } from './icons/index.js';
import { usePopover } from './use-popover.js';

export interface PopoverControls {
  /** Closes the panel and returns focus to the trigger. */
  close: () => void;
  /** Closes the panel and leaves focus where the choice moved it. */
  dismiss: () => void;
}

export interface PopoverProps {
  /** The trigger's accessible name and tooltip, and the panel's heading. */
  label: string;
  /** What the trigger shows (an icon, the current value). */
  trigger: ReactNode;
  /** The trigger's shape; the colours are shared. */
  triggerClassName: string;
  disabled?: boolean;
  /** The element focused when the panel opens (a selector inside the panel). */
  initialFocus: string;
  /** The panel's width and height limits; position, frame and colours are shared. */
  panelClassName: string;
  /** A line under the heading. */
  subtitle?: ReactNode;
  /** Beside the heading; without it the heading row has a close button. */
  headerAction?: ReactNode;
  /** The panel's body and footer, under the heading row. */
  children: ReactNode | ((controls: PopoverControls) => ReactNode);
  /** Rendered next to the panel whether it is open or not: the dialogs it opens. */
  extras?: ReactNode;
  className?: string;
}

/**
 * A header button that opens a non-modal panel (role="dialog", labelled by its heading): focus moves
 * in on open, Escape or a press outside closes it, Escape returns focus to the trigger.
 */
export function Popover({ label, trigger, triggerClassName, disabled, initialFocus, panelClassName, subtitle, headerAction, children, extras, className }: PopoverProps) {
  const localize = useLocalize();
  const panelId = useId();
  const titleId = useId();
  const { open, setOpen, triggerRef, panelRef, close } = usePopover(initialFocus);
  const heading = (
    <h2 id={titleId} className="text-sm font-semibold">
      {label}
    </h2>
  );

  return (
    // Positioned only from 640 px: on phones the panel hangs from the header bar and spans its width.
    <div className={classNames('sm:relative', className)}>
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        aria-label={label}
        title={label}
        disabled={disabled}
        onClick={() => setOpen((current) => !current)}
        className={classNames(
          triggerClassName,
          'rounded-lg text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white',
        )}
      >
        {trigger}
      </button>

      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          data-popover-layer=""
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close();
          }}
          className={classNames(
            'absolute inset-x-2 top-full z-50 mt-1 flex flex-col rounded-2xl border border-neutral-200 bg-white shadow-xl sm:inset-x-auto sm:start-0 dark:border-neutral-700 dark:bg-neutral-800',
            panelClassName,
          )}
        >
          <div className="flex items-center justify-between gap-2 border-b border-neutral-200 px-4 py-3 dark:border-neutral-700">
            {subtitle ? (
              <div className="min-w-0">
                {heading}
                <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">{subtitle}</p>
              </div>
            ) : (
              heading
            )}
            {headerAction ?? (
              <button type="button" onClick={close} aria-label={localize('com_ui_close')} className="rounded-md p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-white">
                <CloseIcon size={16} strokeWidth={2} />
              </button>
            )}
          </div>
          {typeof children === 'function' ? children({ close, dismiss: () => setOpen(false) }) : children}
        </div>
      )}
      {extras}
    </div>
  );
}
