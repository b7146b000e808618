import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../testing/fake-upstreams/index.js';
import { toolResultsIn } from '../../testing/tool-results-in.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { bearer, signUp } from './support/seed.js';

let e2e: ChatE2eContext;
let page: Page;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' }, { assistants: true });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

const panel = () => page.getByRole('complementary', { name: 'Side panel' });
const builder = () => page.getByRole('form', { name: 'Assistant builder' });
const picker = () => panel().getByRole('combobox', { name: 'Assistant', exact: true });
const composer = () => page.getByRole('textbox', { name: 'Message', exact: true });
const replies = () => page.getByRole('log', { name: 'Messages' }).getByRole('article');

async function openBuilder() {
  // The panel starts as a strip of icon buttons; an open panel shows the same choices as tabs.
  await panel().waitFor();
  const tab = panel().getByRole('tab', { name: 'Assistant builder' });
  if ((await tab.count()) === 0) await panel().getByRole('button', { name: 'Assistant builder' }).click();
  else await tab.click();
  await expect.poll(() => builder().isVisible(), { timeout: 15_000 }).toBe(true);
}

async function chooseEndpoint(label: string) {
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('menu', { name: 'Endpoints' }).getByRole('menuitemradio', { name: label }).click();
  await expect.poll(() => page.getByRole('button', { name: `Endpoint: ${label}` }).count()).toBe(1);
}

async function ask(text: string) {
  await expect.poll(() => composer().isEnabled(), { timeout: 15_000 }).toBe(true);
  await composer().fill(text);
  await composer().press('Enter');
}

describe('the assistant builder in the browser', () => {
  it('creates an assistant with the calculator, keeps it over a reload, chats with it, then deletes it', async () => {
    page = await e2e.newPage();
    const { token } = await signUp(page, 'builder');
    await page.goto('/c/new');
    await openBuilder();

    // A new assistant: name, instructions, model, and the calculator from the add-tools dialog.
    expect(await picker().inputValue()).toBe('');
    await builder().getByLabel('Name', { exact: true }).fill('Math Tutor');
    await builder().getByLabel('Instructions', { exact: true }).fill('You are a patient math tutor.');
    await builder().getByLabel('Model', { exact: true }).selectOption('gpt-4o-mini');
    await builder().getByRole('button', { name: 'Add tools' }).click();
    const toolsDialog = page.getByRole('dialog', { name: 'Add tools' });
    await toolsDialog.getByRole('button', { name: 'Add Calculator' }).click();
    await expect.poll(() => toolsDialog.getByRole('button', { name: 'Remove Calculator' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => toolsDialog.count()).toBe(0);
    await expect.poll(() => builder().getByRole('list', { name: 'Tools' }).innerText()).toContain('Calculator');
    await builder().getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('Assistant created').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // Stored on the server as entered; the picker now shows it.
    const listed = await page.request.get('/api/assistants', { headers: bearer(token) });
    const [stored] = ((await listed.json()) as { data: { id: string; name: string; instructions: string; model: string; tools: { type: string; function?: { name: string } }[] }[] }).data;
    expect(stored).toMatchObject({ name: 'Math Tutor', instructions: 'You are a patient math tutor.', model: 'gpt-4o-mini' });
    expect(stored!.tools.map((tool) => tool.function?.name ?? tool.type)).toContain('calculator');
    await expect.poll(() => picker().inputValue()).toBe(stored!.id);

    // After a reload the builder still holds it, with its values.
    await page.reload();
    await openBuilder();
    await expect.poll(() => picker().locator('option').allInnerTexts()).toEqual(['Create new assistant', 'Math Tutor']);
    await picker().selectOption(stored!.id);
    await expect.poll(() => builder().getByLabel('Name', { exact: true }).inputValue()).toBe('Math Tutor');
    expect(await builder().getByLabel('Instructions', { exact: true }).inputValue()).toBe('You are a patient math tutor.');
    expect(await builder().getByLabel('Model', { exact: true }).inputValue()).toBe('gpt-4o-mini');

    // Chat on the assistants endpoint: the fake OpenAI calls the calculator, then answers with its result.
    await chooseEndpoint('Assistants');
    await expect.poll(() => page.getByRole('combobox', { name: 'Select an assistant' }).inputValue()).toBe(stored!.id);
    e2e.upstreams.openai.control.configure({
      reply: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? 'Let me compute.' : `It is ${toolResultsIn(request.body).join()}.`),
      toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? [{ id: 'call_calc_1', name: 'calculator', input: { input: '6*7' } }] : []),
    });
    await ask('What is 6 times 7?');
    const reply = replies().last();
    await expect.poll(() => reply.innerText(), { timeout: 20_000 }).toContain('It is 42.');
    expect(await reply.innerText()).toContain('Let me compute.');
    const call = reply.locator('details').first();
    await expect.poll(() => call.getAttribute('data-tool-state')).toBe('done');
    expect(await call.locator('summary').innerText()).toContain('Ran calculator');
    await call.locator('summary').click();
    const inside = await call.innerText();
    expect(inside).toMatch(/Input[\s\S]*6\*7/);
    expect(inside).toMatch(/Output[\s\S]*42/);
    const upstream = e2e.upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions'));
    expect(upstream[0]!.body.messages[0]).toEqual({ role: 'system', content: 'You are a patient math tutor.' });
    await page.screenshot({ path: '/tmp/chatbox-assistants-chat.png' });

    // The stored reply keeps its parts: reopened, the tool call is still there between the two texts.
    await expect.poll(() => page.url()).toMatch(/\/c\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect.poll(() => replies().last().innerText(), { timeout: 15_000 }).toContain('It is 42.');
    expect(await replies().last().locator('details summary').innerText()).toContain('Ran calculator');

    // Delete, with confirmation: Cancel keeps it, Delete removes it from the picker and the server.
    await openBuilder();
    await picker().selectOption(stored!.id);
    await builder().getByRole('button', { name: 'Delete assistant' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete assistant' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await picker().inputValue()).toBe(stored!.id);
    await builder().getByRole('button', { name: 'Delete assistant' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('Assistant deleted').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => picker().locator('option').allInnerTexts()).toEqual(['Create new assistant']);
    const after = await page.request.get('/api/assistants', { headers: bearer(token) });
    expect(((await after.json()) as { data: unknown[] }).data).toEqual([]);

    // With no assistant left, a new chat on the assistants endpoint has no dropdown and says what to do.
    await page.getByRole('button', { name: 'New chat' }).first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Endpoint: Assistants' }).count()).toBe(1);
    await expect.poll(() => composer().getAttribute('placeholder')).toBe('Create an assistant in the builder (side panel) to chat with it.');
    expect(await composer().isEnabled()).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Select an assistant' }).count()).toBe(0);
  }, 120_000);
});
