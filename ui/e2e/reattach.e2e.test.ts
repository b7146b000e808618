import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInChat } from './support/signed-in-chat.js';

// Issue 22 §2: a reload or a second tab re-attaches to the reply that is still streaming.
const session = useSignedInChat();

const composer = (on: Page) => on.getByRole('textbox', { name: 'Message', exact: true });
const lastReply = (on: Page) => on.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'ChatGPT' }).last();
const textOf = (locator: Locator) => locator.innerText();
const counting = 'one two three four five six seven eight nine ten '.repeat(6);
/** The chat completions that asked `question` (not a title request, which may come in late from an earlier test). */
const askedWith = (question: string) => session.e2e.upstreams.openai.control.requests.filter((request) => request.body?.messages?.at(-1)?.content === question);

async function startSlowReply(question: string): Promise<void> {
  // About 5 s of streaming: 300 characters, 4 at a time, 60 ms apart.
  session.e2e.upstreams.openai.control.configure({ reply: counting, chunkSize: 4, delayMs: 60 });
  await session.page.getByRole('button', { name: 'New chat' }).first().click();
  await session.page.waitForURL('**/c/new');
  await expect.poll(() => composer(session.page).isEnabled(), { timeout: 15_000 }).toBe(true);
  await composer(session.page).fill(question);
  await composer(session.page).press('Enter');
  await session.page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  await expect.poll(() => textOf(lastReply(session.page)), { timeout: 15_000 }).toContain('three four');
}

describe('a reply that streams while the page reloads', () => {
  it('continues after a reload and shows in a second tab, both to the end', async () => {
    await startSlowReply('Count slowly for me');
    await session.page.reload();
    // The text so far at once, then more of it live, with Stop on offer meanwhile.
    await expect.poll(() => textOf(lastReply(session.page)), { timeout: 10_000 }).toContain('one two three');
    await expect.poll(() => session.page.getByRole('button', { name: 'Stop generating' }).isVisible(), { timeout: 5_000 }).toBe(true);
    const afterReload = (await textOf(lastReply(session.page))).length;

    const second = await session.page.context().newPage();
    try {
      await second.goto(session.page.url());
      await expect.poll(() => textOf(lastReply(second)), { timeout: 10_000 }).toContain('one two three');
      await session.page.screenshot({ path: '/tmp/shots/reattach-reloaded.png' });

      for (const tab of [session.page, second]) {
        await expect.poll(() => textOf(lastReply(tab)), { timeout: 20_000 }).toContain(counting.trim());
        await expect.poll(() => tab.getByRole('button', { name: 'Send message' }).isVisible(), { timeout: 10_000 }).toBe(true);
      }
      expect((await textOf(lastReply(session.page))).length).toBeGreaterThan(afterReload);
      // One upstream call: the reload re-attached, it asked nothing again.
      expect(askedWith('Count slowly for me')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('Stop from the reloaded page stops the reply and keeps what was written', async () => {
    await startSlowReply('Count slowly again');
    await session.page.reload();
    await expect.poll(() => session.page.getByRole('button', { name: 'Stop generating' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await session.page.getByRole('button', { name: 'Stop generating' }).click();
    await expect.poll(() => session.page.getByRole('button', { name: 'Send message' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await lastReply(session.page).getByRole('button', { name: 'Continue' }).waitFor();
    const stopped = await textOf(lastReply(session.page));
    expect(stopped).toContain('one two');
    expect(stopped).not.toContain(counting.trim());
    await session.page.waitForTimeout(600);
    expect(await textOf(lastReply(session.page))).toBe(stopped);
    const [upstream] = askedWith('Count slowly again');
    expect(await upstream!.outcome).toBe('client-closed');
  });
});
