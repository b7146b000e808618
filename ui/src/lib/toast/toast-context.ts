import { createContext, useContext, useMemo } from 'react';
import { createToastStore, type ToastOptions, type ToastStore } from './toast-store.js';

// Outside a provider (an isolated component test) toasts go to a shared store nobody renders.
const fallbackStore = createToastStore();
export const ToastContext = createContext<ToastStore>(fallbackStore);

export function useToastStore(): ToastStore {
  return useContext(ToastContext);
}

export interface ToastApi {
  /** Shows a toast; returns its id for an early dismiss. */
  showToast(options: ToastOptions): number;
  dismissToast(id: number): void;
}

/** `const { showToast } = useToast(); showToast({ message, severity: 'error' })`. */
export function useToast(): ToastApi {
  const store = useToastStore();
  return useMemo(() => ({ showToast: store.show, dismissToast: store.dismiss }), [store]);
}
