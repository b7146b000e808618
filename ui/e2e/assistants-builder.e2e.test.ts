import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeYamlFile } from '../../testing/yaml-file.js';
import { assistantsPage, scriptToolCall } from './support/assistants-page.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { bearer, signUp } from './support/seed.js';

let e2e: ChatE2eContext;
let yaml: ReturnType<typeof writeYamlFile>;
let page: Page;

beforeAll(async () => {
  // The calculator needs the user's approval, inside assistants runs too.
  yaml = writeYamlFile('tools:\n  requiresApproval: [calculator]\n');
  e2e = await startChatE2e({ TITLE_CONVO: 'false', CONFIG_PATH: yaml.path }, { assistants: true });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
  yaml?.remove();
});

describe('the assistant builder in the browser', () => {
  it('creates an assistant with the calculator, keeps it over a reload, chats with it, then deletes it', async () => {
    page = await e2e.newPage();
    const { builder, picker, composer, replies, openBuilder, chooseEndpoint, ask } = assistantsPage(page);
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
    // An avatar chosen before the assistant exists: previewed now, uploaded once it is created.
    const avatarPng = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    await builder().getByTestId('assistant-avatar-input').setInputFiles({ name: 'tutor.png', mimeType: 'image/png', buffer: avatarPng });
    const avatar = builder().getByRole('img', { name: 'Assistant avatar' });
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^blob:/);
    await builder().getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('Assistant created').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Avatar uploaded').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // Stored on the server as entered; the picker now shows it.
    const listed = await page.request.get('/api/assistants', { headers: bearer(token) });
    const [stored] = ((await listed.json()) as { data: { id: string; name: string; instructions: string; model: string; metadata: { avatar?: string }; tools: { type: string; function?: { name: string } }[] }[] }).data;
    expect(stored).toMatchObject({ name: 'Math Tutor', instructions: 'You are a patient math tutor.', model: 'gpt-4o-mini' });
    // The avatar is the stored picture now (150 px, served to its owner), no longer the local preview.
    const avatarUrl = stored!.metadata.avatar!;
    expect(typeof avatarUrl).toBe('string');
    await expect.poll(() => avatar.getAttribute('src')).toBe(avatarUrl);
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(150);
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
    scriptToolCall(e2e.upstreams, { id: 'call_calc_1', name: 'calculator', input: { input: '6*7' } }, (results) => `It is ${results.join()}.`, 'Let me compute.');
    await ask('What is 6 times 7?');
    const reply = replies().last();
    // The calculator needs approval: the run waits on its call, which asks Allow / Deny with the time left.
    const question = reply.getByRole('group', { name: 'Allow calculator to run?' });
    await expect.poll(() => question.count(), { timeout: 20_000 }).toBe(1);
    expect(await reply.locator('details summary').first().innerText()).toContain('Waiting for your approval to use calculator');
    expect(await question.innerText()).toMatch(/[12]:\d\d left/);
    expect(await reply.innerText()).not.toContain('It is 42.');
    await question.getByRole('button', { name: 'Allow' }).click();
    await expect.poll(() => reply.innerText(), { timeout: 20_000 }).toContain('It is 42.');
    expect(await question.count()).toBe(0);
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
    const conversationUrl = page.url();
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

    // The thread outlives its assistant (issue 18 §5): reopened, it shows its messages, and the input says why it is closed.
    await page.goto(conversationUrl);
    await expect.poll(() => replies().last().innerText(), { timeout: 15_000 }).toContain('It is 42.');
    expect(await replies().first().innerText()).toContain('What is 6 times 7?');
    await expect.poll(() => composer().getAttribute('placeholder')).toBe("This conversation's assistant was deleted. Its messages stay readable; start a new chat to talk to another assistant.");
    expect(await composer().isEnabled()).toBe(false);
  }, 120_000);
});
