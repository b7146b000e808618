import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** Spec 000 §9: the next page loads at 97% scrolled, at most once per 750 ms. */
export const INFINITE_SCROLL_THRESHOLD = 0.97;
export const INFINITE_SCROLL_THROTTLE = 750;

export function scrolledFraction(element: Pick<HTMLElement, 'scrollTop' | 'clientHeight' | 'scrollHeight'>): number {
  if (element.scrollHeight <= 0) return 1;
  return (element.scrollTop + element.clientHeight) / element.scrollHeight;
}

/**
 * Calls `loadMore` when the container is scrolled past the threshold, throttled. Also when the
 * loaded rows do not fill the container yet, since then there is nothing to scroll.
 */
export function useInfiniteScroll(containerRef: RefObject<HTMLElement | null>, { hasMore, loading, loadMore }: { hasMore: boolean; loading: boolean; loadMore: () => void }) {
  const lastCall = useRef(0);
  const trailing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const state = useRef({ hasMore, loading, loadMore });
  state.current = { hasMore, loading, loadMore };

  const check = useCallback(() => {
    const element = containerRef.current;
    const { hasMore: more, loading: busy, loadMore: load } = state.current;
    if (!element || !more || busy) return;
    if (scrolledFraction(element) < INFINITE_SCROLL_THRESHOLD) return;
    const wait = lastCall.current + INFINITE_SCROLL_THROTTLE - Date.now();
    if (wait > 0) {
      // Throttled: look again when allowed, in case the user stopped at the bottom.
      clearTimeout(trailing.current);
      trailing.current = setTimeout(() => checkRef.current(), wait);
      return;
    }
    lastCall.current = Date.now();
    load();
  }, [containerRef]);
  const checkRef = useRef(check);
  checkRef.current = check;

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    element.addEventListener('scroll', check, { passive: true });
    return () => {
      element.removeEventListener('scroll', check);
      clearTimeout(trailing.current);
    };
  }, [containerRef, check]);

  // After each page: the list may still be shorter than the container.
  useEffect(() => {
    if (!loading) check();
  }, [loading, hasMore, check]);

  return check;
}
