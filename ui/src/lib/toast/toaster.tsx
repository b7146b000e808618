import { useSyncExternalStore, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from '../../components/class-names.js';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon, type IconProps } from '../../components/icons/index.js';
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

const severityIcons: Record<ToastSeverity, ComponentType<IconProps>> = {
  info: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
  error: ErrorIcon,
};

function SeverityIcon({ severity }: { severity: ToastSeverity }) {
  const SeverityMark = severityIcons[severity];
  return <SeverityMark className={classNames('shrink-0', tones[severity])} />;
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
      <span className="min-w-0 flex-1 break-words whitespace-pre-line">{toast.message}</span>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={localize('com_ui_dismiss')}
        className="-me-1 rounded-md p-1 text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700 dark:hover:bg-neutral-700 dark:hover:text-neutral-200"
      >
        <CloseIcon size={16} strokeWidth={2} />
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
