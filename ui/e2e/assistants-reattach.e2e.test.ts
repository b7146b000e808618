import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSseFrames } from '../../testing/sse-frames.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { bearer, signUp } from './support/seed.js';

// Issue 22 §2 for assistants runs: a page that opens the conversation while its run streams re-attaches to it.
let e2e: ChatE2eContext;
let page: Page;
let token: string;
let assistantId: string;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' }, { assistants: true });
  page = await e2e.newPage();
  ({ token } = await signUp(page, 'assistants-reattach'));
  const created = await page.request.post('/api/assistants', { headers: bearer(token), data: { name: 'Storyteller', model: 'gpt-4o-mini', instructions: 'Count slowly.' } });
  assistantId = ((await created.json()) as { id: string }).id;
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

beforeEach(() => {
  e2e.upstreams.reset();
});

const lastReply = () => page.getByRole('log', { name: 'Messages' }).getByRole('article').last();
const textOf = (locator: Locator) => locator.innerText();
const counting = 'one two three four five six seven eight nine ten '.repeat(6);
const askedWith = (question: string) => e2e.upstreams.openai.control.requests.filter((request) => request.body?.messages?.at(-1)?.content === question);

/** Starts a run as another tab would, reads it until a few words are in, then leaves (as a reload does): the run's conversation id. */
async function startRunElsewhere(question: string): Promise<string> {
  // About 5 s of streaming: 300 characters, 4 at a time, 60 ms apart.
  e2e.upstreams.openai.control.configure({ reply: counting, chunkSize: 4, delayMs: 60 });
  const controller = new AbortController();
  const response = await fetch(`${e2e.server.url}/api/assistants/chat`, {
    method: 'POST', signal: controller.signal, headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify({ text: question, assistant_id: assistantId, model: 'gpt-4o-mini', endpoint: 'assistants' }),
  });
  let conversationId = '';
  for await (const frame of readSseFrames(response)) {
    if (frame.data.sync) conversationId = frame.data.conversationId;
    if (frame.data.type === 'text' && String(frame.data.text).includes('two')) break;
  }
  controller.abort();
  return conversationId;
}

describe('an assistants run that streams while its conversation opens', () => {
  it('shows the reply so far, then the rest live, to the end', async () => {
    const conversationId = await startRunElsewhere('Count for me');
    await page.goto(`/c/${conversationId}`);
    await expect.poll(() => textOf(lastReply()), { timeout: 10_000 }).toContain('one two');
    await expect.poll(() => page.getByRole('button', { name: 'Stop generating' }).isVisible(), { timeout: 5_000 }).toBe(true);
    const early = (await textOf(lastReply())).length;
    await expect.poll(() => textOf(lastReply()), { timeout: 20_000 }).toContain(counting.trim());
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect((await textOf(lastReply())).length).toBeGreaterThan(early);
    // The question once, and one answer: opening the page asked nothing again.
    expect(askedWith('Count for me')).toHaveLength(1);
    await page.reload();
    await expect.poll(() => textOf(lastReply()), { timeout: 10_000 }).toContain(counting.trim());
  });

  it('Stop from that page stops the run and keeps what was written', async () => {
    const conversationId = await startRunElsewhere('Count again');
    await page.goto(`/c/${conversationId}`);
    await expect.poll(() => page.getByRole('button', { name: 'Stop generating' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isVisible(), { timeout: 10_000 }).toBe(true);
    const [upstream] = askedWith('Count again');
    expect(await upstream!.outcome).toBe('client-closed');
    const stopped = await textOf(lastReply());
    expect(stopped).toContain('one two');
    expect(stopped).not.toContain(counting.trim());
    await page.reload();
    await expect.poll(() => textOf(lastReply()), { timeout: 10_000 }).toContain('one two');
    expect(await textOf(lastReply())).not.toContain(counting.trim());
  });
});
