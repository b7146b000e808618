import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 000 §9 / 001 §9: the copied confirmation shows for 3 s. */
export const COPY_CONFIRMATION_MS = 3000;

/** Copies text and reports `copied` for 3 s; false when the clipboard refuses (insecure origin). */
export function useCopyToClipboard(duration = COPY_CONFIRMATION_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), duration);
      return true;
    },
    [duration],
  );
  return { copied, copy };
}
