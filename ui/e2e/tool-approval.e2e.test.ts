import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../testing/fake-upstreams/index.js';
import { toolResultsIn } from '../../testing/tool-results-in.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
let e2e: ChatE2eContext;
let configDir: string;

beforeAll(async () => {
  configDir = mkdtempSync(join(tmpdir(), 'chatbox-approval-'));
  writeFileSync(join(configDir, 'librechat.yaml'), 'version: 1.2.8\ntools:\n  requiresApproval: [calculator]\n');
  e2e = await startChatE2e({ TITLE_CONVO: 'false', CONFIG_PATH: join(configDir, 'librechat.yaml') });
});
afterAll(async () => {
  await e2e?.close();
  rmSync(configDir, { recursive: true, force: true });
});

const offersTools = (request: RecordedRequest) => request.body?.tools !== undefined;

describe('approving tool calls in the browser', () => {
  it('asks in the tool block; the user allows one call and denies the other, and a reload still shows how each ended', async () => {
    const page = await e2e.newPage();
    const registered = await page.request.post('/api/auth/register', { data: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-1', confirm_password: 'analytical-1' } });
    const { token }: { token: string } = await registered.json();

    // A conversation with the calculator among its tools, started without a tool call.
    e2e.upstreams.openai.control.configure({ reply: 'Ready.', toolCalls: [] });
    const started = await page.request.post('/api/ask/openAI', {
      headers: { authorization: `Bearer ${token}` },
      data: { text: 'Hello', conversationId: null, parentMessageId: NO_PARENT, endpoint: 'openAI', model: 'gpt-4o-mini', tools: ['calculator'] },
    });
    const final = (await started.text()).split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6))).find((data) => data.final);

    // The follow-up: two calculator calls at once, then an answer that repeats what the tools said.
    const first = (request: RecordedRequest) => offersTools(request) && toolResultsIn(request.body).length === 0;
    e2e.upstreams.openai.control.configure({
      reply: (request) => (first(request) ? '' : `Tools said: ${toolResultsIn(request.body).join(' / ')}`),
      toolCalls: (request) => (first(request) ? [{ name: 'calculator', input: { input: '6*7' } }, { name: 'calculator', input: { input: '2+2' } }] : []),
    });
    await page.goto(`/c/${final.conversation.conversationId}`);
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await expect.poll(() => composer.isEnabled(), { timeout: 15_000 }).toBe(true);
    await composer.fill('Compute both');
    await composer.press('Enter');

    const log = page.getByRole('log', { name: 'Messages' });
    const reply = log.getByRole('article', { name: 'ChatGPT' }).last();
    const prompts = reply.getByRole('group', { name: 'Allow Calculator to run?' });
    await expect.poll(() => prompts.count(), { timeout: 20_000 }).toBe(2);
    expect(await reply.locator('details summary').first().innerText()).toContain('Waiting for your approval to use Calculator');
    expect(await prompts.first().innerText()).toMatch(/\d:\d\d left/);
    // The turn waits: the composer still offers Stop, not Send.
    expect(await page.getByRole('button', { name: 'Stop generating' }).isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/chatbox-tool-approval-pending.png' });

    // Allow the first from the keyboard, deny the second with the mouse.
    const allow = prompts.first().getByRole('button', { name: 'Allow' });
    await allow.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => prompts.count()).toBe(1);
    await prompts.first().getByRole('button', { name: 'Deny' }).click();

    await expect.poll(() => reply.innerText(), { timeout: 20_000 }).toContain('Tools said:');
    const summaries = () => reply.locator('details summary').allInnerTexts();
    await expect.poll(summaries).toEqual(['Used Calculator', 'You denied Calculator']);
    expect(await reply.innerText()).toContain('The user denied this call of calculator');
    expect(toolResultsIn(e2e.upstreams.openai.control.requests.at(-1)!.body)).toEqual([expect.stringContaining('42'), expect.stringContaining('The user denied this call of calculator')]);
    await page.screenshot({ path: '/tmp/chatbox-tool-approval-done.png' });

    await page.reload();
    const reloaded = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'ChatGPT' }).last();
    await expect.poll(() => reloaded.locator('details summary').allInnerTexts(), { timeout: 15_000 }).toEqual(['Used Calculator', 'You denied Calculator']);
    expect(await reloaded.locator('details').nth(1).getAttribute('data-state')).toBe('denied');
    expect(await reloaded.getByRole('button', { name: 'Allow' }).count()).toBe(0);
    await page.context().close();
  });

  it('marks the calculator "Asks before each use" in the tool picker and the plugin store, and no other tool', async () => {
    const page = await e2e.newPage();
    const registered = await page.request.post('/api/auth/register', { data: { name: 'Grace Hopper', email: 'grace@example.com', password: 'compiler-1', confirm_password: 'compiler-1' } });
    const { token }: { token: string } = await registered.json();
    for (const [pluginKey, auth] of [['calculator', null], ['wolfram', { WOLFRAM_APP_ID: 'wolfram-app-0123' }]] as const) {
      expect((await page.request.post('/api/user/plugins', { data: { pluginKey, action: 'install', auth }, headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    }
    await page.goto('/c/new');
    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page.getByRole('menu', { name: 'Endpoints' }).getByRole('menuitemradio', { name: 'OpenAI' }).click();
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Conversation settings' });
    const calculator = settings.getByRole('checkbox', { name: 'Calculator' });
    await expect.poll(() => calculator.count(), { timeout: 15_000 }).toBe(1);
    expect(await calculator.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('Asks before each use');
    expect(await settings.getByRole('checkbox', { name: 'Wolfram' }).getAttribute('aria-describedby')).toBeNull();
    await calculator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/chatbox-tool-approval-picker.png' });

    await settings.getByRole('button', { name: 'Plugin store' }).click();
    const store = page.getByRole('dialog', { name: 'Plugin store' });
    await store.getByRole('searchbox', { name: 'Search plugins' }).fill('calc');
    await expect.poll(() => store.getByRole('listitem').count()).toBe(1);
    expect(await store.getByRole('listitem').innerText()).toContain('Asks before each use');
    await page.screenshot({ path: '/tmp/chatbox-tool-approval-store.png' });
    await store.getByRole('searchbox', { name: 'Search plugins' }).fill('wolfram');
    await expect.poll(() => store.getByRole('listitem').innerText()).toContain('Wolfram');
    expect(await store.getByText('Asks before each use').count()).toBe(0);
    await page.context().close();
  });
});
