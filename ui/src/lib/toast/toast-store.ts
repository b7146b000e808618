/** Spec 000 §8: the four severities of a toast. */
export type ToastSeverity = 'info' | 'success' | 'warning' | 'error';

/** Spec 000 §8/§9: a toast stays 3000 ms unless told otherwise, and shows 100 ms after it is asked for. */
export const TOAST_DURATION = 3000;
export const TOAST_DELAY = 100;
/** Older toasts give way so a burst of failures never covers the screen. */
export const MAX_TOASTS = 3;

export interface ToastOptions {
  message: string;
  /** Default 'success', as in LibreChat: most toasts confirm something that just worked. */
  severity?: ToastSeverity;
  /** Milliseconds from the call until the toast goes away. */
  duration?: number;
  /** The severity icon; the 'Active!' preset toast goes without. */
  showIcon?: boolean;
}

export interface Toast extends Required<ToastOptions> {
  id: number;
  /** False during the entry delay, so a toast that is replaced at once never flashes. */
  visible: boolean;
}

type Listener = () => void;

/**
 * A tiny external store (read with useSyncExternalStore) so any component, and code outside React
 * such as mutation callbacks, can raise a toast without re-rendering the tree that raised it.
 */
export function createToastStore() {
  let toasts: Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>[]>();

  const emit = () => listeners.forEach((listener) => listener());
  const set = (next: Toast[]) => {
    toasts = next;
    emit();
  };

  function dismiss(id: number): void {
    timers.get(id)?.forEach(clearTimeout);
    timers.delete(id);
    if (toasts.some((toast) => toast.id === id)) set(toasts.filter((toast) => toast.id !== id));
  }

  function show(options: ToastOptions): number {
    const id = nextId++;
    const toast: Toast = {
      id,
      message: options.message,
      severity: options.severity ?? 'success',
      duration: options.duration ?? TOAST_DURATION,
      showIcon: options.showIcon ?? true,
      visible: false,
    };
    const overflow = toasts.slice(0, Math.max(0, toasts.length - MAX_TOASTS + 1));
    overflow.forEach((old) => dismiss(old.id));
    set([...toasts, toast]);
    timers.set(id, [
      setTimeout(() => set(toasts.map((item) => (item.id === id ? { ...item, visible: true } : item))), Math.min(TOAST_DELAY, toast.duration)),
      setTimeout(() => dismiss(id), toast.duration),
    ]);
    return id;
  }

  return {
    show,
    dismiss,
    getSnapshot: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;
