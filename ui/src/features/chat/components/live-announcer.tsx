import { useEffect, useRef, useState } from 'react';
import { useLocalize } from '../../../lib/i18n/index.js';

/** Announce a streaming reply by sentences of at least this length, not by token. */
const MIN_CHUNK = 80;

/** The end of the last complete sentence or line in `text` after `from`, or -1. */
function lastBoundary(text: string, from: number): number {
  for (let index = text.length - 1; index >= from; index -= 1) {
    const char = text[index];
    if (char === '\n' || ((char === '.' || char === '!' || char === '?') && /\s/.test(text[index + 1] ?? ''))) return index + 1;
  }
  return -1;
}

/**
 * A polite live region for the streaming reply: screen readers hear it a sentence or paragraph at
 * a time, then "Reply complete.". The message list itself is not live (scrolling mounts rows).
 */
export function LiveAnnouncer({ text, streaming }: { text: string; streaming: boolean }) {
  const localize = useLocalize();
  const [announcement, setAnnouncement] = useState('');
  const spoken = useRef(0);
  const wasStreaming = useRef(false);

  useEffect(() => {
    if (streaming && !wasStreaming.current) spoken.current = 0;
    if (streaming) {
      const end = lastBoundary(text, spoken.current);
      if (end !== -1 && end - spoken.current >= MIN_CHUNK) {
        setAnnouncement(text.slice(spoken.current, end).trim());
        spoken.current = end;
      }
    } else if (wasStreaming.current) {
      const rest = text.slice(spoken.current).trim();
      setAnnouncement(rest ? `${rest} ${localize('com_ui_reply_done')}` : localize('com_ui_reply_done'));
      spoken.current = text.length;
    }
    wasStreaming.current = streaming;
  }, [text, streaming, localize]);

  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}
