import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServe, type RunningServer } from '../../../core/testing/run-cli.js';
import { launchBrowser } from './browser.js';

export interface E2eContext {
  server: RunningServer;
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
  return {
    server,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
      return context.newPage();
    },
    async close() {
      await browser.close();
      await server.stop();
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
