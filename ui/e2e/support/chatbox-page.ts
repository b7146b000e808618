import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { fakeAssistantsEnv, fakeLegacyEnv, fakeUpstreamEnv } from '../../../testing/fake-upstreams/fake-upstream-env.js';
import { startFakeUpstreams, type FakeUpstreams } from '../../../testing/fake-upstreams/index.js';
import { startServe, type RunningServer } from '../../../testing/run-cli.js';
import { launchBrowser } from './browser.js';
import { watchViolations } from './csp-watch.js';

export interface E2eContext {
  server: RunningServer;
  /** The server's working directory (its data lives in ./data): where `chatbox` CLI commands for it run. */
  cwd: string;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) at the server's origin. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** A real `chatbox serve` on a free loopback port with its own data dir, and Chromium. */
export async function startE2e(env: Record<string, string> = {}): Promise<E2eContext> {
  const cwd = mkdtempSync(join(tmpdir(), 'chatbox-e2e-'));
  const server = await startServe({ cwd, env });
  const browser = await launchBrowser();
  const refusals: string[] = [];
  return {
    server,
    cwd,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await watchViolations(page, (refusal) => refusals.push(refusal));
      return page;
    },
    async close() {
      await browser.close();
      await server.stop();
      rmSync(cwd, { recursive: true, force: true });
      // Every e2e test doubles as a check of the Content-Security-Policy: the UI must work within it.
      if (refusals.length > 0) throw new Error(`Content-Security-Policy violations in the browser:\n${[...new Set(refusals)].join('\n')}`);
    },
  };
}

export interface ChatE2eContext extends E2eContext {
  upstreams: FakeUpstreams;
}

/**
 * A server whose openAI, anthropic and google endpoints (with `legacyEndpoints`, bingAI and
 * chatGPTBrowser too; with `assistants`, the assistants endpoint) talk to the fake upstreams running in the test process; script them per test
 * through `upstreams.<provider>.control`.
 */
export async function startChatE2e(env: Record<string, string> = {}, options: { legacyEndpoints?: boolean; assistants?: boolean } = {}): Promise<ChatE2eContext> {
  const upstreams = await startFakeUpstreams();
  const legacy = options.legacyEndpoints ? fakeLegacyEnv(upstreams) : {};
  const assistants = options.assistants ? fakeAssistantsEnv(upstreams) : {};
  const e2e = await startE2e({ ...fakeUpstreamEnv(upstreams), ...legacy, ...assistants, ...env });
  return {
    ...e2e,
    upstreams,
    async close() {
      try {
        await e2e.close();
      } finally {
        await upstreams.close();
      }
    },
  };
}
