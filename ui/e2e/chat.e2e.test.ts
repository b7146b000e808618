import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInChat } from './support/signed-in-chat.js';

// Seeding a long conversation sends hundreds of turns in a minute: no message limits here.
const session = useSignedInChat({ LIMIT_MESSAGE_IP: 'false', BAN_VIOLATIONS: 'false' });

const composer = () => session.page.getByRole('textbox', { name: 'Message', exact: true });
const log = () => session.page.getByRole('log', { name: 'Messages' });
const replies = () => log().getByRole('article', { name: 'ChatGPT' });
const userMessages = () => log().getByRole('article', { name: 'You' });

/** The chat completions the fake received (the title request has no stream flag). */
function chatRequests() {
  return session.e2e.upstreams.openai.control.requests.filter((request) => request.body?.stream === true);
}

async function send(text: string): Promise<void> {
  await composer().fill(text);
  await composer().press('Enter');
}

async function waitForIdle(): Promise<void> {
  await expect.poll(() => session.page.getByRole('button', { name: 'Send message' }).isVisible(), { timeout: 20_000 }).toBe(true);
}

const textOf = (locator: Locator) => locator.innerText();

describe('chat in the browser', () => {
  it('streams a reply into a new conversation, moves to its id and takes the generated title', async () => {
    session.e2e.upstreams.openai.control.configure({ reply: 'Hello Ada! Streaming **works** here.', chunkSize: 3, delayMs: 40 });
    await expect.poll(() => composer().isEnabled(), { timeout: 15_000 }).toBe(true);
    await send('Hello there');

    // Optimistic: the question and the stop button at once, the reply growing frame by frame.
    await expect.poll(() => userMessages().first().innerText()).toContain('Hello there');
    await expect.poll(() => session.page.getByRole('button', { name: 'Stop generating' }).isVisible()).toBe(true);
    await session.page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await expect.poll(() => textOf(replies().last())).toContain('Hello Ada!');
    await session.page.screenshot({ path: '/tmp/shots/chat-streaming.png' });
    await expect.poll(() => textOf(replies().last()), { timeout: 15_000 }).toContain('Streaming works here.');
    await waitForIdle();
    expect(await replies().last().locator('strong').innerText()).toBe('works');

    // The server titles the first exchange; the client asks for it 2.5 s after the final frame.
    await expect.poll(() => session.page.title(), { timeout: 15_000 }).toBe('Hello Ada! Streaming **works** here');
    await session.page.screenshot({ path: '/tmp/shots/chat-first-reply.png' });
  });

  it('sends a follow-up with the earlier turns as context', async () => {
    session.e2e.upstreams.openai.control.configure({ reply: 'Second answer.', chunkSize: 5, delayMs: 5 });
    await send('And a follow-up?');
    await expect.poll(() => textOf(replies().last()), { timeout: 15_000 }).toContain('Second answer.');
    await waitForIdle();
    const messages = chatRequests().at(-1)?.body.messages as Array<{ role: string; content: string }>;
    const contents = messages.map((message) => message.content);
    expect(contents).toEqual(expect.arrayContaining(['Hello there', 'Hello Ada! Streaming **works** here.', 'And a follow-up?']));
    expect(await replies().count()).toBe(2);
  });

  it('regenerates a reply and switches between the versions with ‹ ›', async () => {
    session.e2e.upstreams.openai.control.configure({ reply: 'A regenerated answer.', chunkSize: 6, delayMs: 5 });
    await replies().last().getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => textOf(replies().last()), { timeout: 15_000 }).toContain('A regenerated answer.');
    await waitForIdle();
    const last = replies().last();
    await expect.poll(() => last.getByRole('group', { name: 'Version 2 of 2' }).isVisible()).toBe(true);

    await last.getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => textOf(replies().last())).toContain('Second answer.');
    await replies().last().getByRole('button', { name: 'Next version' }).click();
    await expect.poll(() => textOf(replies().last())).toContain('A regenerated answer.');
    // The regenerated reply answered the same question, without the first reply to it.
    const contents = (chatRequests().at(-1)?.body.messages as Array<{ content: string }>).map((message) => message.content);
    expect(contents).not.toContain('Second answer.');
  });

  it('edits a user message and resubmits it as a new version', async () => {
    session.e2e.upstreams.openai.control.configure({ reply: 'Answer to the edited question.', chunkSize: 8, delayMs: 5 });
    const question = userMessages().last();
    await question.hover();
    await question.getByRole('button', { name: 'Edit' }).click();
    const editor = session.page.getByRole('textbox', { name: 'Edit message' });
    await editor.fill('An edited follow-up?');
    await session.page.getByRole('button', { name: 'Save & Submit' }).click();
    await expect.poll(() => textOf(replies().last()), { timeout: 15_000 }).toContain('Answer to the edited question.');
    await waitForIdle();
    expect(await textOf(userMessages().last())).toContain('An edited follow-up?');
    await expect.poll(() => userMessages().last().getByRole('group', { name: 'Version 2 of 2' }).isVisible()).toBe(true);
    const contents = (chatRequests().at(-1)?.body.messages as Array<{ content: string }>).map((message) => message.content);
    expect(contents).toContain('An edited follow-up?');
    expect(contents).not.toContain('And a follow-up?');
  });

  it('stops a reply mid-stream, keeps it with Continue and no "incomplete" warning (also after a reload), then continues it', async () => {
    session.e2e.upstreams.openai.control.configure({ reply: 'one two three four five six seven eight nine ten '.repeat(8), chunkSize: 4, delayMs: 60 });
    await send('Count slowly');
    await expect.poll(() => textOf(replies().last()), { timeout: 15_000 }).toContain('three four');
    await session.page.getByRole('button', { name: 'Stop generating' }).click();
    await waitForIdle();
    // A stopped reply is finished, not "incomplete" (LibreChat's abort answer): Continue is offered,
    // the warning is not shown (it would appear 250 ms after the reply stops), and the composer is open.
    await replies().last().getByRole('button', { name: 'Continue' }).waitFor();
    await session.page.waitForTimeout(500);
    expect(await textOf(replies().last())).not.toContain('The response is incomplete');
    expect(await composer().isEnabled()).toBe(true);
    await session.page.reload();
    await replies().last().getByRole('button', { name: 'Continue' }).waitFor();
    await session.page.waitForTimeout(500);
    expect(await textOf(replies().last())).not.toContain('The response is incomplete');
    await session.page.screenshot({ path: '/tmp/shots/chat-stopped.png' });

    session.e2e.upstreams.openai.control.configure({ reply: ' — and the rest, to the end.', chunkSize: 5, delayMs: 5 });
    await replies().last().getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => textOf(replies().last()), { timeout: 15_000 }).toContain('and the rest, to the end.');
    await waitForIdle();
    const continued = await textOf(replies().last());
    expect(continued).toContain('one two three');
    expect(continued).not.toContain('The response is incomplete');
    const request = chatRequests().at(-1)?.body.messages as Array<{ role: string; content: string }>;
    expect(request.at(-1)?.role).toBe('assistant');
    expect(await composer().isEnabled()).toBe(true);
  });

  it('shows the catalogue text and the badge for an invalid API key', async () => {
    session.e2e.upstreams.openai.control.failNext({ status: 401, code: 'invalid_api_key' });
    await session.page.getByRole('button', { name: 'New chat' }).first().click();
    await session.page.waitForURL('**/c/new');
    await send('Will this fail?');
    await expect.poll(() => textOf(replies().last()), { timeout: 15_000 }).toContain('Invalid API key. Please check your API key and try again.');
    await waitForIdle();
    expect(await replies().last().getByRole('img', { name: 'Error' }).isVisible()).toBe(true);
    expect(await composer().isDisabled()).toBe(true);
    await session.page.screenshot({ path: '/tmp/shots/chat-error.png' });
    await session.page.emulateMedia({ colorScheme: 'dark' });
    await session.page.screenshot({ path: '/tmp/shots/chat-error-dark.png' });
    await session.page.emulateMedia({ colorScheme: 'light' });
  });
});

/** Sends `turns` exchanges through the API (as another client would) and returns the conversation id. */
async function seedConversation(turns: number): Promise<string> {
  const login = await fetch(`${session.e2e.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.com', password: 'analytical-1' }),
  });
  const { token } = (await login.json()) as { token: string };
  let conversationId: string | null = null;
  let parentMessageId = '00000000-0000-0000-0000-000000000000';
  for (let turn = 0; turn < turns; turn += 1) {
    const response = await fetch(`${session.e2e.server.url}/api/ask/openAI`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: `Seed question ${turn}`, conversationId, parentMessageId, endpoint: 'openAI', model: 'gpt-4o-mini' }),
    });
    const text = await response.text();
    const final = text
      .split('\n\n')
      .map((frame) => frame.split('\n').find((line) => line.startsWith('data: '))?.slice(6))
      .filter((data): data is string => Boolean(data))
      .map((data) => JSON.parse(data) as { final?: boolean; conversation?: { conversationId: string }; responseMessage?: { messageId: string } })
      .find((frame) => frame.final);
    if (!final?.conversation || !final.responseMessage) throw new Error(`turn ${turn} did not finish: ${text.slice(0, 300)}`);
    conversationId = final.conversation.conversationId;
    parentMessageId = final.responseMessage.messageId;
  }
  return conversationId!;
}

describe('a long conversation', () => {
  it('opens 2,000 messages at the newest, keeps the DOM small, scrolls to the top and back', async () => {
    session.e2e.upstreams.openai.control.configure({ reply: (request) => `Seed answer ${(request.body?.messages?.length ?? 0) >> 1}`, chunkSize: 64, delayMs: 0 });
    const started = Date.now();
    const conversationId = await seedConversation(1000);
    console.info(`seeded 2,000 messages in ${Date.now() - started} ms`);

    const opened = Date.now();
    await session.page.goto(`/c/${conversationId}`);
    await expect.poll(() => log().getByText('Seed question 999', { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    console.info(`first paint of the newest message after ${Date.now() - opened} ms`);
    expect(await log().locator('article').count()).toBeLessThan(60);

    const scroller = session.page.getByTestId('message-scroller');
    await scroller.hover();
    await session.page.mouse.wheel(0, -2000);
    for (let attempt = 0; attempt < 20 && !(await log().getByText('Seed question 0', { exact: true }).isVisible()); attempt += 1) {
      await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
      await session.page.waitForTimeout(100);
    }
    expect(await log().getByText('Seed question 0', { exact: true }).isVisible()).toBe(true);
    expect(await log().locator('article').count()).toBeLessThan(60);
    await session.page.screenshot({ path: '/tmp/shots/long-top.png' });

    const toBottom = session.page.getByRole('button', { name: 'Scroll to the latest message' });
    await expect.poll(() => toBottom.isVisible()).toBe(true);
    await toBottom.click();
    await expect.poll(() => log().getByText('Seed question 999', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  });
});

const richReply = [
  'Here is a **quick tour** of what replies can hold:',
  '',
  '1. A numbered list with `inline code`',
  '2. A [link](https://example.com) that opens in a new tab',
  '',
  '| Language | Typing | Since |',
  '|---|---|---|',
  '| TypeScript | static | 2012 |',
  '| Python | dynamic | 1991 |',
  '',
  '```ts',
  'export function greet(name: string): string {',
  '  // Template literals keep it short.',
  '  return `Hello, ${name}!`;',
  '}',
  '```',
  '',
  'And some math: $e^{i\\pi} + 1 = 0$, or displayed:',
  '',
  '$$\\int_0^1 x^2 \\, dx = \\frac{1}{3}$$',
  '',
  '- [x] Markdown',
  '- [ ] Everything else',
].join('\n');

describe('how the chat looks', () => {
  it('renders a rich reply in light and dark, on desktop and phone', async () => {
    await session.page.getByRole('button', { name: 'New chat' }).first().click();
    await session.page.waitForURL('**/c/new');
    await session.page.screenshot({ path: '/tmp/shots/landing-light.png' });
    session.e2e.upstreams.openai.control.configure({ reply: richReply, chunkSize: 40, delayMs: 10 });
    await send('Show me what you can render');
    await expect.poll(() => textOf(replies().last()), { timeout: 15_000 }).toContain('Everything else');
    await waitForIdle();
    const reply = replies().last();
    await expect.poll(() => reply.locator('.katex').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => reply.locator('.hljs-keyword').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const link = reply.getByRole('link', { name: 'link' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await session.page.screenshot({ path: '/tmp/shots/rich-light.png' });

    await session.page.emulateMedia({ colorScheme: 'dark' });
    await session.page.screenshot({ path: '/tmp/shots/rich-dark.png' });
    await session.page.setViewportSize({ width: 390, height: 844 });
    // The sidebar turns into a drawer and slides away.
    await session.page.waitForTimeout(500);
    await session.page.screenshot({ path: '/tmp/shots/rich-dark-phone.png' });
    await session.page.emulateMedia({ colorScheme: 'light' });
    await session.page.screenshot({ path: '/tmp/shots/rich-light-phone.png' });
    await session.page.getByRole('button', { name: 'New chat' }).last().click();
    await session.page.waitForURL('**/c/new');
    await session.page.screenshot({ path: '/tmp/shots/landing-light-phone.png' });
    await session.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('offers a drop zone for files, attaches a dropped file, and keeps the header clear of the sidebar buttons', async () => {
    await session.page.waitForTimeout(500);
    const files = await session.page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['notes'], 'notes.txt', { type: 'text/plain' }));
      return transfer;
    });
    await composer().dispatchEvent('dragenter', { dataTransfer: files });
    await expect.poll(() => session.page.getByText('Drop any file here to add it to the conversation').isVisible()).toBe(true);
    await session.page.screenshot({ path: '/tmp/shots/drop-overlay.png' });
    await composer().dispatchEvent('drop', { dataTransfer: files });
    const chips = session.page.getByRole('list', { name: 'Attached files' });
    await expect.poll(() => chips.getByText('notes.txt').isVisible()).toBe(true);
    expect(await session.page.getByText('Add anything').isVisible()).toBe(false);
    await chips.getByRole('button', { name: 'Remove notes.txt' }).click();
    await expect.poll(() => chips.count()).toBe(0);

    await session.page.getByRole('button', { name: 'Close sidebar' }).click();
    await session.page.waitForTimeout(300);
    await session.page.screenshot({ path: '/tmp/shots/sidebar-closed.png' });
    await session.page.getByRole('button', { name: 'Open sidebar' }).click();
  });
});
