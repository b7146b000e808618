import { useCallback, useEffect, useState } from 'react';

/** Spec 001 §9: the plugin error banner hides after 5 s. */
export const PLUGIN_ERROR_DURATION = 5_000;

/** A message that clears itself `duration` ms after it was last shown. */
export function useTimedMessage(duration = PLUGIN_ERROR_DURATION) {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => setMessage(null), duration);
    return () => clearTimeout(timer);
  }, [message, duration]);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show: setMessage, clear };
}
