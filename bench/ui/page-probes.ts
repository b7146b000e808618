/**
 * Injected into every page before its own scripts (addInitScript): collects long tasks, and notes
 * when each watched text first appears in the DOM. Runs in the browser, so it stays self-contained.
 */
export function installProbes(watched: string[]): void {
  const probe = {
    longTasks: [] as Array<{ start: number; duration: number }>,
    markers: {} as Record<string, number>,
  };
  (window as unknown as { __benchProbe: typeof probe }).__benchProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  if (watched.length === 0) return;
  // Stops once every marker was seen: reading the page's text on every mutation is not free.
  const observer = new MutationObserver(() => {
    const text = document.body?.textContent ?? '';
    for (const marker of watched) if (probe.markers[marker] === undefined && text.includes(marker)) probe.markers[marker] = performance.now();
    if (watched.every((marker) => probe.markers[marker] !== undefined)) observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

export interface ProbeState {
  longTasks: Array<{ start: number; duration: number }>;
  markers: Record<string, number>;
}
