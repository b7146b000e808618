import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './chatbox-page.js';

/** One server and browser page for a whole e2e file, signed in as Ada on a new chat. */
export interface SignedInChat {
  readonly e2e: ChatE2eContext;
  readonly page: Page;
}

/** Fills the sign-up form on the page as Ada (with `email`), submits it and waits for the new chat it opens. */
export async function submitSignUpForm(page: Page, email = 'ada@example.com'): Promise<void> {
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('analytical-1');
  await page.getByLabel('Confirm password').fill('analytical-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/c/new');
}

/**
 * The prelude of a chat e2e file: before its tests a chat server on the fake upstreams (startChatE2e's
 * `env` and `options`) and a page signed in as Ada; the fakes reset before each test; all closed after.
 */
export function useSignedInChat(env: Record<string, string> = {}, options: Parameters<typeof startChatE2e>[1] = {}): SignedInChat {
  let e2e: ChatE2eContext | undefined;
  let page: Page | undefined;
  const started = () => {
    if (!e2e || !page) throw new Error('the chat e2e server is not started: use it inside a test or hook');
    return { e2e, page };
  };
  beforeAll(async () => {
    e2e = await startChatE2e(env, options);
    page = await e2e.newPage();
    await page.goto('/register');
    await submitSignUpForm(page);
  });
  afterAll(async () => {
    await e2e?.close();
  });
  beforeEach(() => {
    started().e2e.upstreams.reset();
  });
  return {
    get e2e() {
      return started().e2e;
    },
    get page() {
      return started().page;
    },
  };
}
