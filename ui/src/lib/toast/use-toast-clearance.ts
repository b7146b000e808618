import { useEffect, type RefObject } from 'react';

/** The CSS variable the toaster lifts its stack by. */
export const TOAST_CLEARANCE_VARIABLE = '--toast-clearance';

/**
 * Keeps toasts above an element anchored to the bottom of the screen (the composer and its send
 * button): the space from the element's top edge to the bottom of the viewport, updated when the
 * element grows (a longer message) or the window changes.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => {
      const clearance = Math.max(0, window.innerHeight - element.getBoundingClientRect().top);
      root.style.setProperty(TOAST_CLEARANCE_VARIABLE, `${Math.round(clearance)}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(TOAST_CLEARANCE_VARIABLE);
    };
  }, [ref]);
}
