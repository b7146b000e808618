import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../testing/fake-upstreams/index.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
let e2e: ChatE2eContext;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false', PLUGIN_MODELS: 'gpt-4o-mini,gpt-3.5-turbo-instruct' });
});
afterAll(async () => {
  await e2e?.close();
});

const toolResults = (request: RecordedRequest) => (request.body?.messages ?? []).filter((message: { role: string }) => message.role === 'tool').map((message: { content: unknown }) => String(message.content));

/** The fake OpenAI: with tools offered and no result yet, "Let me compute." and a calculator call; then the answer. */
function scriptCalculator(expression: string) {
  e2e.upstreams.openai.control.configure({
    reply: (request) => (request.body.tools && toolResults(request).length === 0 ? 'Let me compute.' : `It is ${toolResults(request).join()}.`),
    toolCalls: (request) => (request.body.tools && toolResults(request).length === 0 ? [{ name: 'calculator', input: { input: expression } }] : []),
  });
}

async function signedInPage(): Promise<{ page: Page; token: string }> {
  const page = await e2e.newPage();
  const response = await page.request.post('/api/auth/register', { data: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-1', confirm_password: 'analytical-1' } });
  expect(response.status()).toBe(200);
  return { page, token: ((await response.json()) as { token: string }).token };
}

describe('the plugins endpoint in the browser', () => {
  it("shows a gptPlugins reply's plugin box and text without markers after a reload, and a follow-up's box live", async () => {
    const { page, token } = await signedInPage();
    scriptCalculator('6*7');
    // LibreChat's client body: whole plugin objects in tools, agentOptions with its four keys.
    const calculator = { name: 'Calculator', pluginKey: 'calculator', description: 'Math', icon: '/assets/tools/calculator.svg', authConfig: [] };
    const asked = await page.request.post('/api/ask/gptPlugins', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        text: 'What is 6*7?', conversationId: null, parentMessageId: NO_PARENT, endpoint: 'gptPlugins', model: 'gpt-4o-mini',
        tools: [calculator], agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-4o-mini', temperature: 0 },
      },
    });
    const final = (await asked.text()).split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6))).find((data) => data.final);
    expect(final.responseMessage.text).toBe('Let me compute.:::plugin:::\nIt is 42.');

    await page.goto(`/c/${final.conversation.conversationId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    const reply = log.getByRole('article', { name: 'ChatGPT' }).first();
    await expect.poll(() => reply.innerText(), { timeout: 15_000 }).toContain('It is 42.');
    const box = reply.locator('details').first();
    expect(await box.locator('summary').innerText()).toBe('Used Calculator');
    expect(await box.getAttribute('data-state')).toBe('done');
    await box.locator('summary').click();
    expect(await box.innerText()).toMatch(/Input\s*\{"input":"6\*7"\}\s*Output\s*42/);
    expect(await reply.innerText()).not.toContain(':::plugin:::');
    expect(await reply.innerText()).toContain('Let me compute.');
    await page.screenshot({ path: '/tmp/chatbox-plugins-reload.png' });

    // A follow-up from the composer: the conversation keeps its tools and agent on the server; the box streams in.
    scriptCalculator('6*8');
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await expect.poll(() => composer.isEnabled(), { timeout: 15_000 }).toBe(true);
    await composer.fill('And 6*8?');
    await composer.press('Enter');
    const latest = log.getByRole('article', { name: 'ChatGPT' }).last();
    await expect.poll(() => latest.innerText(), { timeout: 20_000 }).toContain('It is 48.');
    await expect.poll(() => latest.locator('details summary').first().innerText()).toBe('Used Calculator');
    expect(await latest.innerText()).not.toContain(':::plugin:::');
    const followUp = e2e.upstreams.openai.control.requests.at(-1)!.body;
    expect(followUp.model).toBe('gpt-4o-mini');
    await page.screenshot({ path: '/tmp/chatbox-plugins-live.png' });
    await page.context().close();
  });
});
