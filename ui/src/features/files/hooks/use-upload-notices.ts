import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';

/** Spec 001 §4/§9: errors gather for 250 ms into one toast of 5 s; a slow upload is told after 3 s, for 7 s. */
export const ERROR_GATHER_DELAY = 250;
export const ERROR_TOAST_DURATION = 5000;
export const SLOW_UPLOAD_DELAY = 3000;
export const SLOW_UPLOAD_NOTICE_DURATION = 7000;

export function useUploadNotices() {
  const localize = useLocalize();
  const { showToast } = useToast();
  const pending = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ showToast, localize });
  latest.current = { showToast, localize };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const reportError = useCallback((message: string) => {
    if (!pending.current.includes(message)) pending.current.push(message);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const messages = pending.current;
      pending.current = [];
      timer.current = null;
      latest.current.showToast({ message: messages.join('\n'), severity: 'error', duration: ERROR_TOAST_DURATION });
    }, ERROR_GATHER_DELAY);
  }, []);

  /** Starts the slow-upload timer for one upload; the returned function stops it when the upload ends. */
  const watchSlowUpload = useCallback((filename: string) => {
    const slow = setTimeout(() => {
      const { showToast, localize } = latest.current;
      showToast({ message: localize('com_ui_upload_delay', filename), severity: 'warning', duration: SLOW_UPLOAD_NOTICE_DURATION });
    }, SLOW_UPLOAD_DELAY);
    return () => clearTimeout(slow);
  }, []);

  return useMemo(() => ({ reportError, watchSlowUpload }), [reportError, watchSlowUpload]);
}
