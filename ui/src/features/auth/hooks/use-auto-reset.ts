import { useEffect } from 'react';

/** Calls `reset` once `active` has stayed true for `delay` ms (error banners that fade after 5 s). */
export function useAutoReset(active: boolean, reset: () => void, delay: number): void {
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(reset, delay);
    return () => clearTimeout(timer);
  }, [active, reset, delay]);
}
