import { useEffect, useRef, useState } from 'react';

/**
 * Open state of a header popover: focus moves into the panel when it opens, a press outside closes
 * it (presses in a dialog or a toast the panel opened count as inside), and close() returns focus
 * to the trigger.
 */
export function usePopover(initialFocusSelector: string) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(initialFocusSelector)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element;
      if (panelRef.current?.contains(target) || triggerRef.current?.contains(target) || target.closest?.('[data-dialog-layer], [aria-live]')) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, initialFocusSelector]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  return { open, setOpen, triggerRef, panelRef, close };
}
