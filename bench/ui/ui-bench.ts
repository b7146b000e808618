import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { packageRoot } from '../../config/package-root.js';
import { launchBrowser } from '../../ui/e2e/support/browser.js';
import { figure, newResult, type BenchResult } from '../lib/report.js';
import { benchPassword, fakeOpenAIEnv, startBenchServer, unlimitedEnv } from '../lib/server.js';
import { startUpstreamProcess } from '../stream/upstream.js';
import { recordAssets, totals } from './bundle-size.js';
import { writeLongConversation } from './long-conversation.js';
import { installProbes } from './page-probes.js';
import { measureRender, measureStreaming } from './ui-measures.js';

export interface UiBenchOptions {
  /** Messages in the conversation whose opening is timed. */
  messages: number;
  /** Chunks of the reply streamed while the main thread is watched. */
  streamChunks: number;
  /** Pause between chunks: 5 ms is 200 chunks a second. */
  chunkDelayMs: number;
}

const LAST_MESSAGE = 'BENCH-LAST-MESSAGE';

/** The composer is the sign that the chat screen is there; its absence skips the bench with a reason. */
async function hasChatScreen(page: Page): Promise<boolean> {
  return page
    .getByRole('textbox', { name: 'Message', exact: true })
    .waitFor({ state: 'visible', timeout: 30_000 })
    .then(() => true, () => false);
}

/**
 * The built UI in Chromium against a real server and the fake upstream: what the first chat screen
 * downloads, how long a long conversation takes to show, and the longest main-thread task while a
 * reply streams into it.
 */
export async function uiBench(options: UiBenchOptions): Promise<BenchResult> {
  const result = newResult('ui');
  if (!existsSync(join(packageRoot(), 'ui', 'dist', 'index.html'))) {
    result.skipped = 'ui/dist/index.html is missing: run npm run build:ui';
    return result;
  }
  const upstream = await startUpstreamProcess();
  const dataDir = mkdtempSync(join(tmpdir(), 'chatbox-bench-ui-'));
  const server = await startBenchServer({ dataDir, env: { ...fakeOpenAIEnv(upstream.url), ...unlimitedEnv, TITLE_CONVO: 'false' } });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(installProbes, [LAST_MESSAGE]);
    // Registering through the context's request API leaves the refresh cookie in the browser.
    const registered = await context.request.post('/api/auth/register', {
      data: { name: 'UI Bench', email: 'ui-bench@example.com', password: benchPassword, confirm_password: benchPassword },
    });
    if (registered.status() !== 200) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
    const userId = ((await registered.json()) as { user: { id: string } }).user.id;
    const page = await context.newPage();

    let chatScreen = false;
    const assets = await recordAssets(page, server.url, async () => {
      await page.goto('/c/new');
      chatScreen = await hasChatScreen(page);
      await page.waitForLoadState('networkidle');
    });
    const js = totals(assets, 'js');
    const css = totals(assets, 'css');
    result.figures.push(
      figure(`first chat screen JS (${js.files} files)`, js.kb, 'KB'),
      figure('first chat screen JS, gzip', js.gzipKb, 'KB', 250),
      figure(`first chat screen CSS (${css.files} files)`, css.kb, 'KB'),
      figure('first chat screen CSS, gzip', css.gzipKb, 'KB'),
    );
    result.notes.push(`loaded for /c/new: ${assets.map((asset) => `${asset.url} ${(asset.gzipBytes / 1024).toFixed(1)} KB gz`).join(', ')}`);
    if (!chatScreen) {
      result.skipped = 'the UI shows no chat screen at /c/new (no "Message" textbox within 30 s): render and streaming not measured';
      return result;
    }

    const conversationId = writeLongConversation(dataDir, userId, options.messages, LAST_MESSAGE);
    const render = await measureRender(page, conversationId, LAST_MESSAGE);
    result.figures.push(
      figure(`open a ${options.messages}-message conversation: page load to last message shown`, render.shownMs, 'ms'),
      figure('  of which after the messages arrived', render.afterFetchMs, 'ms'),
      figure('  longest main-thread task while opening', render.longestTaskMs, 'ms'),
    );

    await upstream.configure({ reply: streamedReply(options.streamChunks * 4), chunkSize: 4, delayMs: options.chunkDelayMs });
    const streaming = await measureStreaming(page);
    result.figures.push(
      figure(`longest main-thread task while a reply streams (${Math.round(1000 / options.chunkDelayMs)} chunks/s)`, streaming.longestMs, 'ms', 50),
      figure('  tasks over 50 ms while streaming', streaming.over50, 'tasks'),
    );
    result.notes.push(
      `streaming: a ${options.streamChunks}-chunk markdown reply (paragraphs, a list, a code block every ~1,200 characters) into the open ${options.messages}-message conversation, ${streaming.tasks} main-thread tasks traced over ${(streaming.wallMs / 1000).toFixed(1)} s (CDP Tracing, RunTask on CrRendererMain); Long Tasks API saw ${streaming.longTasksApi}`,
      'Chromium headless (Debian), 1280×800, no CPU throttling; the server is chatbox serve with the fake upstream in its own process',
    );
    for (const line of server.errorLines().slice(0, 5)) result.errors.push(`server logged: ${line}`);
  } finally {
    await browser?.close();
    await server.stop();
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

/**
 * A markdown reply like a model's answer to a coding question, growing chunk by chunk: paragraphs
 * with emphasis and inline code, a list, and a fenced code block about every 1,200 characters.
 */
function streamedReply(length: number): string {
  const section = [
    'To fix this, first **read the input** once and keep the totals in a map, so the loop does not scan the list again for every item. ',
    'The `reduce` call below does exactly that, and it also handles an empty list without a special case.\n\n',
    '- read the input once\n- group the items by their key\n- sum the sizes per group\n\n',
    '```js\nconst totals = new Map();\nfor (const item of items) {\n  const previous = totals.get(item.key) ?? 0;\n  totals.set(item.key, previous + item.size);\n}\nreturn [...totals].sort((a, b) => b[1] - a[1]);\n```\n\n',
    'With a few thousand items this runs in well under a millisecond; the sort at the end is the only part that grows faster than the input. ',
    'If the list can be very large, stream it instead of loading it whole, and keep only the map in memory.\n\n',
  ].join('');
  return section.repeat(Math.ceil(length / section.length)).slice(0, length);
}
