import type { CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

export interface TaskTrace {
  stop(): Promise<{ tasks: number; longestMs: number; over50: number }>;
}

/**
 * Traces the page's renderer main thread over the Chrome DevTools Protocol and reports its tasks
 * (RunTask): unlike the Long Tasks API, which only sees tasks over 50 ms, this gives the longest
 * task whatever its length.
 */
export async function traceMainThreadTasks(page: Page): Promise<TaskTrace> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  await session.send('Tracing.start', { categories: 'toplevel,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
      await session.send('Tracing.end');
      await complete;
      await session.detach();
      const mainThreads = new Set(
        events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
      );
      const durations = events
        .filter((event) => event.name === 'RunTask' && event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`))
        .map((event) => (event.dur ?? 0) / 1000);
      return { tasks: durations.length, longestMs: durations.reduce((longest, duration) => Math.max(longest, duration), 0), over50: durations.filter((duration) => duration > 50).length };
    },
  };
}
