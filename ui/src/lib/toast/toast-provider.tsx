import { useState, type ReactNode } from 'react';
import { ToastContext } from './toast-context.js';
import { createToastStore } from './toast-store.js';
import { Toaster } from './toaster.js';

/** Holds this app's toasts and renders them. Mounted once, in app/providers.tsx. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  return (
    <ToastContext.Provider value={store}>
      {children}
      <Toaster />
    </ToastContext.Provider>
  );
}
