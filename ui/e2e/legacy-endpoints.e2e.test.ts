import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../testing/fake-upstreams/index.js';
import { useSignedInChat } from './support/signed-in-chat.js';

const session = useSignedInChat({ TITLE_CONVO: 'false' }, { legacyEndpoints: true });

const composer = () => session.page.getByRole('textbox', { name: 'Message', exact: true });
const log = () => session.page.getByRole('log', { name: 'Messages' });
const settings = () => session.page.getByRole('dialog', { name: 'Conversation settings' });
const textOf = (locator: Locator) => locator.innerText();

/** The invocations Bing's ChatHub received, and their first argument. */
const invocations = () => session.e2e.upstreams.bing.control.requests.filter((request) => request.method === 'WS');
const argumentOf = (request: RecordedRequest | undefined) => request?.body.arguments[0];
const creations = () => session.e2e.upstreams.bing.control.requests.filter((request) => request.path === '/turing/conversation/create');

async function send(text: string): Promise<void> {
  await expect.poll(() => composer().isEnabled(), { timeout: 15_000 }).toBe(true);
  await composer().fill(text);
  await composer().press('Enter');
}

async function waitForIdle(): Promise<void> {
  await expect.poll(() => session.page.getByRole('button', { name: 'Send message' }).isVisible(), { timeout: 20_000 }).toBe(true);
}

async function pickEndpoint(label: string): Promise<void> {
  await session.page.getByRole('button', { name: /^Endpoint:/ }).click();
  await session.page.getByRole('menu', { name: 'Endpoints' }).getByRole('menuitemradio', { name: label }).click();
}

async function openSettings(): Promise<Locator> {
  await session.page.getByRole('button', { name: 'Conversation settings' }).click();
  await settings().waitFor();
  return settings();
}

async function closeSettings(): Promise<void> {
  await settings().getByRole('button', { name: 'Close' }).click();
  await settings().waitFor({ state: 'hidden' });
}

describe('the legacy endpoints in the browser', () => {
  it('offers Bing and ChatGPT in the endpoint menu with their own icons', async () => {
    await session.page.getByRole('button', { name: /^Endpoint:/ }).click();
    const menu = session.page.getByRole('menu', { name: 'Endpoints' });
    const labels = await menu.getByRole('menuitemradio').allInnerTexts();
    expect(labels.map((label) => label.trim())).toEqual(expect.arrayContaining(['Bing', 'ChatGPT']));
    for (const name of ['Bing', 'ChatGPT']) expect(await menu.getByRole('menuitemradio', { name }).locator('svg path').count()).toBe(1);
    await session.page.screenshot({ path: '/tmp/shots/legacy-endpoint-menu.png' });
    await session.page.keyboard.press('Escape');
  });

  it('sends BingAI mode with the chosen tone and context, links the citations, and hides the controls on the second turn', async () => {
    await pickEndpoint('Bing');
    const panel = await openSettings();
    expect(await panel.getByRole('combobox', { name: 'Mode' }).innerText()).toContain('BingAI');
    expect(await panel.getByRole('textbox', { name: 'System message' }).count()).toBe(0);
    await panel.getByRole('radiogroup', { name: 'Tone style' }).getByRole('radio', { name: 'Precise' }).click();
    await panel.getByRole('textbox', { name: 'Context' }).fill('A geography quiz for a class of ten-year-olds.');
    // The count arrives from POST /api/tokenizer once typing pauses.
    await expect.poll(() => panel.getByText(/^Token count: \d+/).innerText(), { timeout: 5_000 }).toMatch(/^Token count: (?!0\b)\d+/);
    await session.page.screenshot({ path: '/tmp/shots/legacy-bing-settings.png' });
    await closeSettings();

    session.e2e.upstreams.bing.control.configure({ reply: 'Paris is the capital of France [^1^].', chunkSize: 6, delayMs: 20 });
    await send('Capital of France?');
    await session.page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    const reply = log().getByRole('article', { name: 'BingAI' }).last();
    await expect.poll(() => textOf(reply), { timeout: 15_000 }).toContain('Paris is the capital of France');
    await waitForIdle();
    const citation = reply.getByRole('link', { name: 'Source 1' });
    expect(await citation.getAttribute('href')).toBe('https://example.com/source-one');
    expect(await citation.evaluate((link) => link.parentElement?.tagName)).toBe('SUP');
    expect(await textOf(reply)).not.toContain('^');

    const first = argumentOf(invocations()[0]);
    expect(first.optionsSets).toContain('h3precise');
    expect(first.message).toMatchObject({ text: 'Capital of France?', messageType: 'Chat' });
    expect(first.previousMessages).toEqual([expect.objectContaining({ description: 'A geography quiz for a class of ten-year-olds.', messageType: 'Context' })]);
    expect(invocations()[0].body.invocationId).toBe('0');
    await session.page.screenshot({ path: '/tmp/shots/legacy-bing-reply.png' });

    // The second turn: Bing's conversation is under way, its mode and tone can no longer change.
    const second = await openSettings();
    expect(await second.getByRole('combobox', { name: 'Mode' }).count()).toBe(0);
    expect(await second.getByRole('radiogroup', { name: 'Tone style' }).count()).toBe(0);
    expect(await second.getByRole('textbox', { name: 'Context' }).count()).toBe(0);
    expect(await second.innerText()).toContain('set when the conversation starts');
    await closeSettings();
    session.e2e.upstreams.bing.control.configure({ reply: 'Berlin.' });
    await send('And Germany?');
    await expect.poll(() => textOf(log().getByRole('article', { name: 'BingAI' }).last()), { timeout: 15_000 }).toContain('Berlin.');
    await waitForIdle();
    // The same Bing conversation, its next invocation, still precise.
    expect(creations()).toHaveLength(1);
    expect(invocations()[1].body.invocationId).toBe('1');
    expect(argumentOf(invocations()[1]).optionsSets).toContain('h3precise');
  });

  it('sends Sydney mode with its system message and the whole history, and remembers the mode for new Bing chats', async () => {
    await session.page.getByRole('button', { name: 'New chat' }).first().click();
    await session.page.waitForURL('**/c/new');
    const panel = await openSettings();
    await panel.getByRole('combobox', { name: 'Mode' }).click();
    await panel.getByRole('option', { name: 'Sydney' }).click();
    await panel.getByRole('radiogroup', { name: 'Tone style' }).getByRole('radio', { name: 'Fast' }).click();
    await panel.getByRole('textbox', { name: 'System message' }).fill('You are terse.');
    await closeSettings();
    expect(JSON.parse((await session.page.evaluate(() => window.localStorage.getItem('lastBingSettings'))) ?? 'null')).toEqual({ jailbreak: true, toneStyle: 'fast' });

    session.e2e.upstreams.bing.control.configure({ reply: 'I am Sydney.' });
    await send('Who are you?');
    await session.page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await expect.poll(() => textOf(log().getByRole('article', { name: 'Sydney' }).last()), { timeout: 15_000 }).toContain('I am Sydney.');
    await waitForIdle();
    const sydney = argumentOf(invocations()[0]);
    expect(sydney.message).toEqual({ author: 'user', text: 'Continue the conversation in context. Assistant:', messageType: 'SearchQuery' });
    expect(sydney.optionsSets).toContain('galileo');
    expect(sydney.previousMessages[0].description).toContain('[system](#additional_instructions)\nYou are terse.');
    expect(sydney.previousMessages[0].description).toContain('[user](#message)\nWho are you?');

    // An existing Sydney chat keeps its context and system message editable, not its mode or tone.
    const second = await openSettings();
    expect(await second.getByRole('combobox', { name: 'Mode' }).count()).toBe(0);
    expect(await second.getByRole('radiogroup', { name: 'Tone style' }).count()).toBe(0);
    expect(await second.getByRole('textbox', { name: 'System message' }).inputValue()).toBe('You are terse.');
    await closeSettings();

    // A new Bing chat starts in the remembered mode and tone.
    await session.page.getByRole('button', { name: /^Endpoint:/ }).click();
    await session.page.getByRole('menu', { name: 'Endpoints' }).getByRole('menuitemradio', { name: 'OpenAI' }).click();
    await session.page.waitForURL('**/c/new');
    await pickEndpoint('Bing');
    const fresh = await openSettings();
    expect(await fresh.getByRole('combobox', { name: 'Mode' }).innerText()).toContain('Sydney');
    expect(await fresh.getByRole('radiogroup', { name: 'Tone style' }).getByRole('radio', { name: 'Fast' }).getAttribute('aria-checked')).toBe('true');
    await closeSettings();
  });

  it('streams ChatGPT browser replies with the chosen model', async () => {
    await pickEndpoint('ChatGPT');
    await session.page.waitForURL('**/c/new');
    const panel = await openSettings();
    await panel.getByRole('combobox', { name: 'Model' }).click();
    await panel.getByRole('option', { name: 'gpt-4' }).click();
    await closeSettings();

    session.e2e.upstreams.chatgptBrowser.control.configure({ reply: 'Hello from the ChatGPT backend.', chunkSize: 4, delayMs: 30 });
    await send('Hi there');
    const reply = log().getByRole('article', { name: 'ChatGPT' }).last();
    await expect.poll(() => textOf(reply), { timeout: 15_000 }).toContain('Hello from');
    await expect.poll(() => textOf(reply), { timeout: 15_000 }).toContain('Hello from the ChatGPT backend.');
    await waitForIdle();
    const [request] = session.e2e.upstreams.chatgptBrowser.control.requests;
    expect(request.headers.authorization).toBe('Bearer fake-chatgpt-access-token');
    expect(request.body).toMatchObject({ action: 'next', model: 'gpt-4', messages: [{ role: 'user', content: { content_type: 'text', parts: ['Hi there'] } }] });
    await session.page.screenshot({ path: '/tmp/shots/legacy-chatgpt-reply.png' });
  });

  it("shows the catalogue's message when Bing's cookie expired", async () => {
    await pickEndpoint('Bing');
    await session.page.waitForURL('**/c/new');
    session.e2e.upstreams.bing.control.failNext({ status: 200, code: 'UnauthorizedRequest', message: 'Sorry, you need to login first to access this service.' });
    await send('Are you there?');
    const reply = log().getByRole('article').last();
    await expect.poll(() => textOf(reply), { timeout: 15_000 }).toContain('Invalid API key. Please check your API key and try again.');
    await waitForIdle();
    expect(await reply.getByRole('img', { name: 'Error' }).isVisible()).toBe(true);
    await session.page.screenshot({ path: '/tmp/shots/legacy-bing-error.png' });
  });

  it("shows the catalogue's message when ChatGPT's access token expired", async () => {
    await pickEndpoint('ChatGPT');
    await session.page.waitForURL('**/c/new');
    session.e2e.upstreams.chatgptBrowser.control.failNext({ status: 401, message: 'Your authentication token has expired. Please try signing in again.' });
    await send('Still there?');
    const reply = log().getByRole('article', { name: 'ChatGPT' }).last();
    await expect.poll(() => textOf(reply), { timeout: 15_000 }).toContain('Invalid API key. Please check your API key and try again.');
    await waitForIdle();
    expect(await reply.getByRole('img', { name: 'Error' }).isVisible()).toBe(true);
    await session.page.screenshot({ path: '/tmp/shots/legacy-chatgpt-error.png' });
  });
});
