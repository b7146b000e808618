import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../testing/fake-upstreams/index.js';
import { toolResultsIn } from '../../testing/tool-results-in.js';
import { assistantsPage } from './support/assistants-page.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { signUp } from './support/seed.js';

// An operator with no assistants key: ASSISTANTS_MODELS_FROM=anthropic turns the endpoint on with
// the fake Anthropic's models only (fakeUpstreamEnv: claude-3-5-haiku-latest, claude-sonnet-4-5).
let e2e: ChatE2eContext;
let page: Page;

beforeAll(async () => {
  e2e = await startChatE2e({ ASSISTANTS_MODELS_FROM: 'anthropic', TITLE_CONVO: 'false' });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

describe('assistants on lent models only, in the browser', () => {
  it('builds an assistant on a Claude model and chats with it, with no key asked for the assistants endpoint', async () => {
    page = await e2e.newPage();
    const { builder, replies, openBuilder, chooseEndpoint, ask } = assistantsPage(page);
    await signUp(page, 'lent');
    await page.goto('/c/new');
    await openBuilder();

    // The builder's models are Anthropic's.
    const model = builder().getByLabel('Model', { exact: true });
    await expect.poll(() => model.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['claude-3-5-haiku-latest', 'claude-sonnet-4-5']));
    expect((await model.locator('option').allInnerTexts()).filter((text) => text.startsWith('gpt'))).toEqual([]);
    await builder().getByLabel('Name', { exact: true }).fill('Claude Calc');
    await builder().getByLabel('Instructions', { exact: true }).fill('Compute.');
    await model.selectOption('claude-sonnet-4-5');
    await builder().getByRole('button', { name: 'Add tools' }).click();
    const toolsDialog = page.getByRole('dialog', { name: 'Add tools' });
    await toolsDialog.getByRole('button', { name: 'Add Calculator' }).click();
    await expect.poll(() => toolsDialog.getByRole('button', { name: 'Remove Calculator' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await builder().getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('Assistant created').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // The endpoint menu offers Assistants without a key item for it.
    await chooseEndpoint('Assistants');
    await page.getByRole('button', { name: 'Endpoint: Assistants' }).click();
    expect(await page.getByRole('menuitem', { name: /^Set API key for Assistants/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // The run goes to the fake Anthropic, which calls the calculator, then answers with its result.
    e2e.upstreams.anthropic.control.configure({
      reply: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? 'Let me compute.' : 'It is 42.'),
      toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? [{ id: 'toolu_calc_1', name: 'calculator', input: { input: '6*7' } }] : []),
    });
    await ask('What is 6 times 7?');
    const reply = replies().last();
    await expect.poll(() => reply.innerText(), { timeout: 20_000 }).toContain('It is 42.');
    const call = reply.locator('details').first();
    await expect.poll(() => call.getAttribute('data-tool-state'), { timeout: 15_000 }).toBe('done');
    expect(await call.locator('summary').innerText()).toContain('Ran calculator');
    const calls = e2e.upstreams.anthropic.control.requests.filter((request) => request.path.endsWith('/messages'));
    expect(calls.map((request) => ({ model: request.body.model, system: request.body.system }))).toEqual([
      { model: 'claude-sonnet-4-5', system: 'Compute.' },
      { model: 'claude-sonnet-4-5', system: 'Compute.' },
    ]);
    await page.screenshot({ path: '/tmp/chatbox-assistants-lent-models.png' });
  }, 120_000);
});
