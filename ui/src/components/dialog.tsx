import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useLocalize } from '../lib/i18n/index.js';
import { classNames } from './class-names.js';
import { CloseIcon } from './icons/index.js';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const sizes = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** The accessible name, shown as the heading. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom, right aligned. */
  footer?: ReactNode;
  size?: keyof typeof sizes;
  /** Focused on open; otherwise an element marked data-autofocus, the first field, the first button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** role="alertdialog" for confirmations of something irreversible. */
  alert?: boolean;
  className?: string;
}

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[inert]'));
}

/**
 * A modal dialog: labelled by its title, focus kept inside while open (Tab wraps), Escape or a click
 * on the backdrop closes it, and focus returns to whatever opened it. Portalled to <body> so a
 * popover's overflow or stacking never clips it.
 */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md', initialFocusRef, alert = false, className }: DialogProps) {
  const localize = useLocalize();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel) {
      // Text first: a dialog that opens on a choice (an expiry) is still there to be typed into.
      const fields = panel.querySelectorAll<HTMLElement>('input:not([type="hidden"]):not([type="file"]):not([disabled]), textarea:not([disabled])');
      const marked = panel.querySelector<HTMLElement>('[data-autofocus]');
      const target = initialFocusRef?.current ?? marked ?? fields[0] ?? panel.querySelector<HTMLElement>('select') ?? focusables(panel)[0] ?? panel;
      target.focus();
    }
    // Focus that escapes (a click on the page behind, a script) is pulled back in.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node;
      if (panel && !panel.contains(target) && !isInLaterLayer(panel, target)) focusables(panel)[0]?.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      if (opener?.isConnected) opener.focus();
    };
    // initialFocusRef is read once, on open: later changes must not steal the user's focus.
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // A nested dialog or popover closes alone; the one beneath stays.
      event.stopPropagation();
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const list = focusables(panelRef.current);
    if (list.length === 0) {
      event.preventDefault();
      return;
    }
    const first = list[0]!;
    const last = list[list.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div data-dialog-layer="" className="fixed inset-0 z-[60] flex items-end justify-center p-0 sm:items-center sm:p-4" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 bg-black/50 backdrop-blur-[1px]" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={classNames(
          'relative flex max-h-[90dvh] w-full flex-col rounded-t-2xl bg-white text-neutral-900 shadow-2xl outline-none sm:rounded-2xl',
          'dark:border dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-100',
          sizes[size],
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 px-5 pt-5 pb-2">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold leading-7">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            aria-label={localize('com_ui_close')}
            className="-me-1 rounded-lg p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-white"
          >
            <CloseIcon strokeWidth={2} />
          </button>
        </div>
        {children && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-2">{children}</div>}
        {footer && <div className="flex flex-wrap items-center justify-end gap-2 px-5 pt-3 pb-5">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** A dialog or popover opened from inside this one lives in a later portal; focus there is fine. */
function isInLaterLayer(panel: HTMLElement, target: Node): boolean {
  const layer = (target instanceof Element ? target : target.parentElement)?.closest('[data-dialog-layer], [data-popover-layer]');
  if (!layer) return false;
  const own = panel.closest('[data-dialog-layer]');
  return layer !== own && Boolean(own && own.compareDocumentPosition(layer) & Node.DOCUMENT_POSITION_FOLLOWING);
}
