export { useToast, type ToastApi } from './toast-context.js';
export { ToastProvider } from './toast-provider.js';
export { Toaster } from './toaster.js';
export { MAX_TOASTS, TOAST_DELAY, TOAST_DURATION, createToastStore, type Toast, type ToastOptions, type ToastSeverity } from './toast-store.js';
export { TOAST_CLEARANCE_VARIABLE, useToastClearance } from './use-toast-clearance.js';
