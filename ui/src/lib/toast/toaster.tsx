import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from '../../components/class-names.js';
import { useLocalize } from '../i18n/index.js';
import { useToastStore } from './toast-context.js';
import type { Toast, ToastSeverity } from './toast-store.js';
import { TOAST_CLEARANCE_VARIABLE } from './use-toast-clearance.js';

const tones: Record<ToastSeverity, string> = {
  info: 'text-sky-600 dark:text-sky-400',
  success: 'text-emerald-600 dark:text-emerald-400',
  warning: 'text-amber-600 dark:text-amber-400',
  error: 'text-red-600 dark:text-red-400',
};

const iconPaths: Record<ToastSeverity, string> = {
  info: 'M12 16v-5M12 8h.01',
  success: 'm8 12.5 2.5 2.5L16 9.5',
  warning: 'M12 9v4M12 17h.01',
  error: 'm9 9 6 6M15 9l-6 6',
};

function SeverityIcon({ severity }: { severity: ToastSeverity }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={classNames('size-5 shrink-0', tones[severity])}>
      {severity === 'warning' ? <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" /> : <circle cx="12" cy="12" r="9.5" />}
      <path d={iconPaths[severity]} />
    </svg>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const localize = useLocalize();
  return (
    <div
      // Errors interrupt the screen reader; the rest wait their turn.
      role={toast.severity === 'error' ? 'alert' : 'status'}
      data-severity={toast.severity}
      className={classNames(
        'pointer-events-auto flex max-w-[min(28rem,calc(100vw-2rem))] items-center gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg transition-all duration-200',
        'border-neutral-200 bg-white text-neutral-900 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-100',
        toast.visible ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0',
      )}
    >
      {toast.showIcon && <SeverityIcon severity={toast.severity} />}
      <span className="min-w-0 flex-1 break-words">{toast.message}</span>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={localize('com_ui_dismiss')}
        className="-me-1 rounded-md p-1 text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700 dark:hover:bg-neutral-700 dark:hover:text-neutral-200"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" className="size-4">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}

/**
 * The current toasts, newest last: bottom right on wide screens, clear of centred dialogs; bottom
 * centre on phones. Lifted above the composer (useToastClearance) so a toast never hides Send.
 */
export function Toaster() {
  const store = useToastStore();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // Portalled to <body>: above every dialog layer, and outside the app's own root element.
  return createPortal(
    <div
      aria-live="polite"
      style={{ bottom: `calc(var(${TOAST_CLEARANCE_VARIABLE}, 0px) + 1rem)` }}
      className="pointer-events-none fixed inset-x-0 z-[100] flex flex-col items-center gap-2 px-4 sm:start-auto sm:end-4 sm:items-end sm:px-0"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={() => store.dismiss(toast.id)} />
      ))}
    </div>,
    document.body,
  );
}
