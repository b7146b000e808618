import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { classNames } from '../../../components/class-names.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { PANEL_COLLAPSED_SIZE, PANEL_MAX_SIZE, sizeFromKey, sizeFromPointer } from '../layout-math.js';

interface ResizeHandleProps {
  panelId: string;
  /** The element whose width the layout percentages refer to. */
  groupRef: RefObject<HTMLElement | null>;
  size: number;
  collapsed: boolean;
  onResize: (size: number) => void;
  onExpand: () => void;
  onCollapse: () => void;
}

const isRtl = (element: Element) => getComputedStyle(element).direction === 'rtl';

/**
 * The divider between chat and panel, a WAI-ARIA window splitter: drag it, or focus it and use the
 * arrows (Shift for big steps), Home/End, and Enter to collapse or expand.
 */
export function ResizeHandle({ panelId, groupRef, size, collapsed, onResize, onExpand, onCollapse }: ResizeHandleProps) {
  const localize = useLocalize();
  const dragging = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    document.body.style.cursor = 'col-resize';
    document.body.style.userSelect = 'none';
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const group = groupRef.current;
    if (!dragging.current || !group) return;
    onResize(sizeFromPointer(event.clientX, group.getBoundingClientRect(), isRtl(group)));
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    document.body.style.cursor = '';
    document.body.style.userSelect = '';
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (collapsed) onExpand();
      else onCollapse();
      return;
    }
    const rtl = isRtl(event.currentTarget);
    const next = sizeFromKey(event.key, size, rtl, event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    // From the icon strip any widening key opens the panel; the arrows alone never snap it shut.
    if (collapsed) {
      if (next > size) onExpand();
      return;
    }
    onResize(next);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={localize('com_sidepanel_resize')}
      aria-controls={panelId}
      aria-valuenow={Math.round(size)}
      aria-valuemin={PANEL_COLLAPSED_SIZE}
      aria-valuemax={PANEL_MAX_SIZE}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      className={classNames(
        'group relative z-10 w-px shrink-0 cursor-col-resize touch-none bg-neutral-200 outline-none dark:bg-neutral-800',
        // A wider invisible grip than the 1 px line.
        'before:absolute before:inset-y-0 before:-start-1.5 before:w-3 before:content-[""]',
      )}
    >
      <span
        aria-hidden="true"
        className="absolute inset-y-0 -start-px w-[3px] bg-transparent transition-colors group-hover:bg-neutral-400 group-focus-visible:bg-blue-500 dark:group-hover:bg-neutral-500"
      />
    </div>
  );
}
