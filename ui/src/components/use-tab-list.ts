import { useId, useRef, type KeyboardEvent } from 'react';

type Orientation = 'horizontal' | 'vertical';

/**
 * WAI-ARIA tabs with automatic activation: one tab in the tab order (roving tabindex), arrows move
 * and select (left/right mirrored in right-to-left pages), Home and End jump to the ends.
 */
export function useTabList<T extends string>({
  ids,
  selected,
  onSelect,
  orientation = 'horizontal',
}: {
  ids: readonly T[];
  selected: T;
  onSelect: (id: T) => void;
  orientation?: Orientation;
}) {
  const baseId = useId();
  const tabs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = (id: T) => `${baseId}-panel-${id}`;

  const move = (from: T, step: number | 'first' | 'last') => {
    const index = ids.indexOf(from);
    const next =
      step === 'first' ? ids[0] : step === 'last' ? ids[ids.length - 1] : ids[(index + step + ids.length) % ids.length];
    if (next === undefined) return;
    onSelect(next);
    tabs.current.get(next)?.focus();
  };

  const onKeyDown = (id: T) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const [previous, next] =
      orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : rtl ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight'];
    const step =
      event.key === previous ? -1 : event.key === next ? 1 : event.key === 'Home' ? 'first' : event.key === 'End' ? 'last' : null;
    if (step === null) return;
    event.preventDefault();
    move(id, step);
  };

  return {
    listProps: { role: 'tablist' as const, 'aria-orientation': orientation },
    getTabProps: (id: T) => ({
      role: 'tab' as const,
      type: 'button' as const,
      id: tabId(id),
      'aria-selected': selected === id,
      'aria-controls': panelId(id),
      tabIndex: selected === id ? 0 : -1,
      ref: (element: HTMLButtonElement | null) => {
        if (element) tabs.current.set(id, element);
        else tabs.current.delete(id);
      },
      onClick: () => onSelect(id),
      onKeyDown: onKeyDown(id),
    }),
    getPanelProps: (id: T) => ({
      role: 'tabpanel' as const,
      id: panelId(id),
      'aria-labelledby': tabId(id),
      tabIndex: 0,
    }),
  };
}
