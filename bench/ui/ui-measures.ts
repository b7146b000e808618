import type { Page } from 'playwright-core';
import type { ProbeState } from './page-probes.js';
import { traceMainThreadTasks } from './main-thread-tasks.js';

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __benchProbe: ProbeState }).__benchProbe);

/**
 * A full page load of the conversation until its last message is in the DOM (the list opens at the
 * newest message), with the part after the messages' JSON arrived: that part is the UI's own work.
 */
export async function measureRender(page: Page, conversationId: string, marker: string) {
  await page.goto(`/c/${conversationId}`);
  await page.waitForFunction((text) => (window as unknown as { __benchProbe: ProbeState }).__benchProbe.markers[text] !== undefined, marker, { timeout: 60_000, polling: 100 });
  const state = await probe(page);
  const fetched = await page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((resource) => resource.name.includes('/api/messages/'));
    return entry ? (entry as PerformanceResourceTiming).responseEnd : Number.NaN;
  });
  const shownMs = state.markers[marker];
  const longestTaskMs = state.longTasks.filter((task) => task.start <= shownMs).reduce((longest, task) => Math.max(longest, task.duration), 0);
  return { shownMs, afterFetchMs: shownMs - fetched, longestTaskMs };
}

/** Sends a message in the open conversation and traces the main thread until the reply is complete. */
export async function measureStreaming(page: Page) {
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill('Please stream a long answer');
  const trace = await traceMainThreadTasks(page);
  const startedAt = await page.evaluate(() => performance.now());
  const started = performance.now();
  await composer.press('Enter');
  await page.getByRole('button', { name: 'Stop generating' }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByRole('button', { name: 'Send message' }).waitFor({ state: 'visible', timeout: 120_000 });
  const wallMs = performance.now() - started;
  const tasks = await trace.stop();
  const state = await probe(page);
  const longTasksApi = state.longTasks.filter((task) => task.start >= startedAt);
  return { ...tasks, wallMs, longTasksApi: `${longTasksApi.length} long tasks${longTasksApi.length ? `, longest ${Math.round(Math.max(...longTasksApi.map((task) => task.duration)))} ms` : ''}` };
}
