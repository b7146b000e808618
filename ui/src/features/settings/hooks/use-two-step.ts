import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A destructive action behind two clicks (spec 001 §2): the first arms it, the second runs it; a
 * click anywhere else or Escape disarms it.
 */
export function useTwoStep(onConfirm: () => void) {
  const [armed, setArmed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!armed) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!buttonRef.current?.contains(event.target as Node)) setArmed(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [armed]);

  return {
    armed,
    disarm: () => setArmed(false),
    buttonProps: {
      ref: buttonRef,
      onClick: () => {
        if (!armed) return setArmed(true);
        setArmed(false);
        onConfirm();
      },
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key !== 'Escape' || !armed) return;
        // Escape disarms only; the dialog around the button stays open.
        event.stopPropagation();
        event.preventDefault();
        setArmed(false);
      },
    },
  };
}
