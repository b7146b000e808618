import { useEffect, useState, type ReactNode } from 'react';

/** Shows its children only after `delay` ms: a notice that would flash during a quick update stays away. */
export function DelayedRender({ delay, children }: { delay: number; children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return visible ? children : null;
}
