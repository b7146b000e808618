import { useCallback, useSyncExternalStore } from 'react';

/** Live result of a CSS media query; false where matchMedia does not exist (tests, old browsers). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/** Spec 000 §9: the mobile layout applies below 768 px. */
export const MOBILE_QUERY = '(max-width: 767px)';
