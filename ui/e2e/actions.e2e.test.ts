import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionFunctionName } from '../../core/protocol/openapi/index.js';
import { startActionTestApi, type ActionTestApi } from '../../testing/action-api/action-test-api.js';
import { weatherSpecJson } from '../../testing/action-api/action-specs.js';
import type { RecordedRequest } from '../../testing/fake-upstreams/index.js';
import { toolResultsIn } from '../../testing/tool-results-in.js';
import { writeYamlFile } from '../../testing/yaml-file.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { bearer, signUp } from './support/seed.js';

let e2e: ChatE2eContext;
let api: ActionTestApi;
let yaml: ReturnType<typeof writeYamlFile>;
let page: Page;

beforeAll(async () => {
  api = await startActionTestApi();
  // The test API listens on 127.0.0.1, which the SSRF guard refuses unless the domain is allowed.
  yaml = writeYamlFile("actions:\n  allowedDomains: ['127.0.0.1']\n");
  e2e = await startChatE2e({ TITLE_CONVO: 'false', CONFIG_PATH: yaml.path }, { assistants: true });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
  await api?.close();
  yaml?.remove();
});

const panel = () => page.getByRole('complementary', { name: 'Side panel' });
const builder = () => page.getByRole('form', { name: 'Assistant builder' });
const picker = () => panel().getByRole('combobox', { name: 'Assistant', exact: true });
const actionsSection = () => panel().getByRole('region', { name: 'Actions' });
const composer = () => page.getByRole('textbox', { name: 'Message', exact: true });
const replies = () => page.getByRole('log', { name: 'Messages' }).getByRole('article');

async function openBuilder() {
  await panel().waitFor();
  const tab = panel().getByRole('tab', { name: 'Assistant builder' });
  if ((await tab.count()) === 0) await panel().getByRole('button', { name: 'Assistant builder' }).click();
  else await tab.click();
  await expect.poll(() => builder().isVisible(), { timeout: 15_000 }).toBe(true);
}

describe('assistant actions in the browser', () => {
  it('adds an action with Bearer auth, keeps it over a reload, runs it in a chat, then deletes it', async () => {
    page = await e2e.newPage();
    const { token } = await signUp(page, 'actions');
    await page.goto('/c/new');
    await openBuilder();

    // A new assistant cannot have actions yet.
    await expect.poll(() => panel().getByRole('status').filter({ hasText: 'Actions are disabled until the assistant is saved' }).count()).toBe(1);
    expect(await panel().getByRole('button', { name: 'Add actions' }).count()).toBe(0);
    await builder().getByLabel('Name', { exact: true }).fill('Weather Bot');
    await builder().getByLabel('Model', { exact: true }).selectOption('gpt-4o-mini');
    await builder().getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('Assistant created').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const listed = await page.request.get('/api/assistants', { headers: bearer(token) });
    const [assistant] = ((await listed.json()) as { data: { id: string }[] }).data;

    // Saved: the section lists no action yet; Add actions opens the editor.
    await expect.poll(() => actionsSection().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await actionsSection().getByRole('listitem').count()).toBe(0);
    await actionsSection().getByRole('button', { name: 'Add actions' }).click();
    const editor = panel().getByRole('region', { name: 'Add actions' });
    await editor.getByRole('textbox', { name: 'Schema' }).fill(weatherSpecJson(api.url));
    const table = editor.getByRole('table', { name: 'Available actions' });
    await expect.poll(() => table.innerText(), { timeout: 10_000 }).toContain('getWeather');
    expect(await table.innerText()).toMatch(/getWeather\s+GET\s+\/weather\/\{city\}/);
    expect(await editor.getByText('OpenAPI spec is valid.').count()).toBe(1);

    // API-key authentication sent as a Bearer token.
    await editor.getByRole('button', { name: 'Set authentication' }).click();
    const authDialog = page.getByRole('dialog', { name: 'Authentication' });
    await authDialog.getByRole('radio', { name: 'API Key' }).click();
    await authDialog.getByLabel('API Key', { exact: true }).and(authDialog.locator('input[type="password"]')).fill('key-e2e-1');
    await authDialog.getByRole('radio', { name: 'Bearer' }).click();
    await authDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => authDialog.count()).toBe(0);
    await editor.getByLabel('Privacy policy URL').fill('https://weather.example.com/privacy');
    await editor.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('Action saved').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => actionsSection().getByRole('list', { name: 'Actions' }).innerText()).toBe('127.0.0.1');

    // Stored with its auth (the key itself never comes back).
    const stored = (await (await page.request.get('/api/assistants/actions', { headers: bearer(token) })).json()) as { action_id: string; assistant_id: string; metadata: Record<string, unknown> }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ assistant_id: assistant!.id, metadata: { domain: '127.0.0.1', auth: { type: 'service_http', authorization_type: 'bearer' } } });
    expect(JSON.stringify(stored)).not.toContain('key-e2e-1');

    // The action's functions are not tools to remove, and saving the assistant (its form opened before the action) keeps them.
    expect(await builder().getByRole('list', { name: 'Tools' }).innerText()).not.toContain('_action_');
    await builder().getByLabel('Instructions', { exact: true }).fill('Answer with the weather API.');
    await builder().getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Assistant saved').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const resaved = ((await (await page.request.get('/api/assistants', { headers: bearer(token) })).json()) as { data: { instructions: string; tools: { function?: { name: string } }[] }[] }).data[0]!;
    expect(resaved.instructions).toBe('Answer with the weather API.');
    expect(resaved.tools.map((tool) => tool.function?.name)).toContain(actionFunctionName('getWeather', '127.0.0.1'));

    // After a reload the assistant still lists the action, and it opens with its operations.
    await page.reload();
    await openBuilder();
    await picker().selectOption(assistant!.id);
    await expect.poll(() => actionsSection().getByRole('list', { name: 'Actions' }).innerText(), { timeout: 15_000 }).toBe('127.0.0.1');
    await actionsSection().getByRole('button', { name: '127.0.0.1' }).click();
    const edit = panel().getByRole('region', { name: 'Edit actions' });
    await expect.poll(() => edit.getByRole('table', { name: 'Available actions' }).innerText(), { timeout: 10_000 }).toContain('getWeather');
    expect(await edit.getByText('API Key', { exact: true }).count()).toBe(1);
    await edit.getByRole('button', { name: 'Back' }).click();

    // A chat on the Assistants endpoint: the model calls the action, the API gets the Bearer key, the reply uses its answer.
    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page.getByRole('menu', { name: 'Endpoints' }).getByRole('menuitemradio', { name: 'Assistants' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Select an assistant' }).inputValue()).toBe(assistant!.id);
    // The assistant's landing links the privacy policy of the API its action calls.
    const policy = page.getByRole('list', { name: 'Privacy policy' }).getByRole('link', { name: 'Privacy policy: 127.0.0.1' });
    await expect.poll(() => policy.getAttribute('href'), { timeout: 15_000 }).toBe('https://weather.example.com/privacy');
    const functionName = actionFunctionName('getWeather', '127.0.0.1');
    e2e.upstreams.openai.control.configure({
      reply: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? 'Checking the weather.' : `The API said: ${toolResultsIn(request.body).join()}`),
      toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? [{ id: 'call_weather_1', name: functionName, input: { city: 'Paris' } }] : []),
    });
    await expect.poll(() => composer().isEnabled(), { timeout: 15_000 }).toBe(true);
    await composer().fill('Weather in Paris?');
    await composer().press('Enter');
    const reply = replies().last();
    await expect.poll(() => reply.innerText(), { timeout: 20_000 }).toContain('The API said:');
    expect(await reply.innerText()).toContain('"temperature":21');
    const call = api.requests.find((request) => request.url.startsWith('/v1/weather'));
    expect(call).toMatchObject({ method: 'GET', url: '/v1/weather/Paris' });
    expect(call!.headers.authorization).toBe('Bearer key-e2e-1');
    const upstream = e2e.upstreams.openai.control.requests.find((request) => request.path.endsWith('/chat/completions'));
    expect(JSON.stringify(upstream!.body.tools)).toContain(functionName);
    await page.screenshot({ path: '/tmp/chatbox-actions-chat.png' });

    // Delete, with the confirmation: the list and the server no longer have it.
    await openBuilder();
    await actionsSection().getByRole('button', { name: '127.0.0.1' }).click();
    await edit.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    await expect.poll(() => confirm.getByText('Are you sure you want to delete this action?').count()).toBe(1);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('Action deleted').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => actionsSection().getByRole('listitem').count()).toBe(0);
    const after = await page.request.get('/api/assistants/actions', { headers: bearer(token) });
    expect(await after.json()).toEqual([]);
  }, 120_000);
});
