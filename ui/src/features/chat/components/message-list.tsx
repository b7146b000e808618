import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocalize } from '../../../lib/i18n/index.js';
import type { BranchEntry } from '../utils/message-tree.js';
import { MessageRow } from './message-row.js';
import { ScrollToBottomButton } from './scroll-to-bottom-button.js';

/** Spec 000 §2/§9: the button appears when at least 15% of the view height is left to scroll. */
const SCROLL_BUTTON_THRESHOLD = 0.15;
const SCROLL_CHECK_DEBOUNCE_MS = 100;
const SCROLL_CHECK_AFTER_MOUNT_MS = 650;
const PIN_AFTER_OPEN_MS = 2000;

/**
 * Keys by position: a reply keeps its row (and measured height) while its id changes from the
 * placeholder to the stored one. One function for every render: a new one makes the virtualizer
 * lay out every row's position again.
 */
const keyByPosition = (index: number) => index;

interface MessageListProps {
  conversationId: string;
  branch: readonly BranchEntry[];
  isSubmitting: boolean;
  /** Follow the newest message: on opening, and while the reply grows when the view is at the end. */
  autoScroll: boolean;
}

/**
 * The branch as a virtual list: only the rows in view (plus a few) are in the DOM, each measured
 * as it renders, so a 2,000-message conversation opens and scrolls like a short one. Memoized: the
 * chat screen renders it again only when the branch or the submitting state it shows has changed.
 */
export const MessageList = memo(function MessageList({ conversationId, branch, isSubmitting, autoScroll }: MessageListProps) {
  const localize = useLocalize();
  const scroller = useRef<HTMLDivElement>(null);
  const [showButton, setShowButton] = useState(false);
  const checkTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const checkScroll = useCallback(() => {
    clearTimeout(checkTimer.current);
    checkTimer.current = setTimeout(() => {
      const element = scroller.current;
      if (!element) return;
      const remaining = element.scrollHeight - element.scrollTop - element.clientHeight;
      setShowButton(element.scrollHeight > element.clientHeight && remaining >= element.clientHeight * SCROLL_BUTTON_THRESHOLD);
    }, SCROLL_CHECK_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => clearTimeout(checkTimer.current), []);

  // Just after opening, rows are measured for the first time and the end moves: keep going there
  // until the measurements settle, unless the user scrolls first.
  const pinnedUntil = useRef(0);
  const release = () => {
    pinnedUntil.current = 0;
  };

  const virtualizer = useVirtualizer({
    // While a reply streams its row grows every frame and the list follows the end: a synchronous
    // React render inside each resize callback would make those frames long. Otherwise scrolling
    // re-renders at once, so fast scrolls never show rows that are not rendered yet.
    useFlushSync: !isSubmitting,
    count: branch.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 140,
    overscan: 6,
    paddingStart: 16,
    paddingEnd: 32,
    getItemKey: keyByPosition,
    anchorTo: autoScroll ? 'end' : 'start',
    followOnAppend: autoScroll,
    scrollEndThreshold: 24,
    onChange: (instance) => {
      checkScroll();
      if (Date.now() < pinnedUntil.current && !instance.isAtEnd(2)) instance.scrollToEnd();
    },
  });

  // A turn starts (ask, regenerate, edit, continue): show the question and the reply to come,
  // whatever the auto-scroll setting. The turn's messages are in `branch` by the time this runs.
  const wasSubmitting = useRef(isSubmitting);
  useLayoutEffect(() => {
    if (isSubmitting && !wasSubmitting.current) virtualizer.scrollToEnd();
    wasSubmitting.current = isSubmitting;
  }, [isSubmitting, virtualizer]);

  // Opening a conversation: start at the newest message (or the top when auto-scroll is off).
  const opened = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (branch.length === 0 || opened.current === conversationId) return;
    opened.current = conversationId;
    if (autoScroll) {
      pinnedUntil.current = Date.now() + PIN_AFTER_OPEN_MS;
      virtualizer.scrollToEnd();
    }
    const timer = setTimeout(checkScroll, SCROLL_CHECK_AFTER_MOUNT_MS);
    return () => clearTimeout(timer);
  }, [conversationId, branch.length, autoScroll, virtualizer, checkScroll]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = branch.length - 1;

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={checkScroll}
        onWheel={release}
        onTouchStart={release}
        onKeyDown={release}
        onPointerDown={release}
        // Focusable, so the keyboard scrolls through rows that are not rendered yet (Tab cannot reach them).
        tabIndex={0}
        role="log"
        // Rows mount and unmount as the list scrolls; announcing them would be noise. The streaming
        // reply is announced through the LiveAnnouncer instead.
        aria-live="off"
        aria-label={localize('com_ui_chat_messages')}
        aria-busy={isSubmitting}
        className="h-full overflow-y-auto overscroll-contain [overflow-anchor:none] focus-visible:outline-offset-[-2px]"
        data-testid="message-scroller"
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          <div className="absolute top-0 left-0 w-full" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
            {items.map((item) => {
              const entry = branch[item.index];
              const parent = item.index > 0 ? branch[item.index - 1].message : undefined;
              const isLatest = item.index === lastIndex;
              return (
                <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
                  <MessageRow
                    message={entry.message}
                    parent={parent}
                    siblingIndex={entry.siblingIndex}
                    siblingCount={entry.siblings.length}
                    isLatest={isLatest}
                    isStreaming={isLatest && isSubmitting && !entry.message.isCreatedByUser}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <ScrollToBottomButton
        visible={showButton}
        onClick={() => {
          virtualizer.scrollToEnd({ behavior: 'smooth' });
          setShowButton(false);
        }}
      />
    </div>
  );
});
