import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../testing/fake-upstreams/index.js';
import { contentText } from '../../testing/plugins-endpoint.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { bearer, signUp } from './support/seed.js';

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

  it('switches to agent settings: the classic agent with a completion pass, then the functions agent, as the fake upstream sees them', async () => {
    const page = await e2e.newPage();
    const { token } = await signUp(page, 'agent');
    expect((await page.request.post('/api/user/plugins', { data: { pluginKey: 'calculator', action: 'install' }, headers: bearer(token) })).status()).toBe(200);
    await page.goto('/c/new');
    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page.getByRole('menu', { name: 'Endpoints' }).getByRole('menuitemradio', { name: 'Plugins' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Endpoint: Plugins' }).count()).toBe(1);

    const settings = page.getByRole('dialog', { name: 'Conversation settings' });
    const openSettings = async () => {
      await page.getByRole('button', { name: 'Conversation settings' }).click();
      await expect.poll(() => settings.isVisible()).toBe(true);
    };
    const closeSettings = async () => {
      await settings.press('Escape');
      await expect.poll(() => settings.count()).toBe(0);
    };
    const pickAgentModel = async (model: string) => {
      await settings.getByRole('combobox', { name: 'Agent model' }).click();
      await page.getByRole('option', { name: model, exact: true }).click();
    };
    const views = () => settings.getByRole('radiogroup', { name: 'Plugins settings' });

    // Completion settings: the chat's model and temperature, and the calculator.
    await openSettings();
    await settings.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'gpt-4o-mini', exact: true }).click();
    const completionTemperature = settings.getByRole('spinbutton', { name: 'Temperature (0–2)' });
    await completionTemperature.fill('0.6');
    await completionTemperature.press('Enter');
    await settings.getByRole('checkbox', { name: 'Calculator' }).check();

    // Agent settings, by keyboard: the classic agent on a model without tool calling, temperature .3, with the completion pass.
    const agentView = views().getByRole('radio', { name: 'Agent settings' });
    await agentView.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => agentView.getAttribute('aria-checked')).toBe('true');
    await pickAgentModel('gpt-3.5-turbo-instruct');
    const temperature = settings.getByRole('spinbutton', { name: 'Temperature (0–1)' });
    await temperature.fill('0.3');
    await temperature.press('Enter');
    const functions = settings.getByRole('switch', { name: 'Functions' });
    await functions.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => functions.getAttribute('aria-checked')).toBe('false');
    const skipCompletion = settings.getByRole('switch', { name: 'Skip completion' });
    await skipCompletion.click();
    await expect.poll(() => skipCompletion.getAttribute('aria-checked')).toBe('false');
    await page.screenshot({ path: '/tmp/chatbox-plugins-agent-settings.png', animations: 'disabled' });
    await closeSettings();

    // The fake: the ReAct steps for the agent's requests, a plain answer for the completion pass.
    const steps = ['Thought: I need math.\nAction: calculator\nAction Input: 6*7', 'Thought: I now know.\nFinal Answer: 42'];
    const isAgentStep = (request: RecordedRequest) => contentText(request.body.messages[0]).includes('Action Input');
    const observations = (request: RecordedRequest) => request.body.messages.filter((message: unknown) => contentText(message).startsWith('Observation: ')).length;
    e2e.upstreams.openai.control.reset();
    e2e.upstreams.openai.control.configure({ reply: (request) => (isAgentStep(request) ? (steps[observations(request)] ?? 'Final Answer: out of script') : 'The completion says 42.') });

    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    const askFromComposer = async (text: string) => {
      await expect.poll(() => composer.isEnabled(), { timeout: 15_000 }).toBe(true);
      const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/ask/gptPlugins');
      await composer.fill(text);
      await composer.press('Enter');
      return (await sent).postDataJSON();
    };
    const classicBody = await askFromComposer('What is 6*7?');
    // LibreChat's client body: agentOptions with its four keys.
    expect(classicBody).toMatchObject({ endpoint: 'gptPlugins', model: 'gpt-4o-mini', temperature: 0.6, tools: ['calculator'] });
    expect(classicBody.agentOptions).toEqual({ agent: 'classic', skipCompletion: false, model: 'gpt-3.5-turbo-instruct', temperature: 0.3 });

    const log = page.getByRole('log', { name: 'Messages' });
    const classicReply = log.getByRole('article').last();
    await expect.poll(() => classicReply.innerText(), { timeout: 20_000 }).toContain('The completion says 42.');
    await expect.poll(() => classicReply.locator('details summary').first().innerText()).toBe('Used Calculator');
    const classicRequests = e2e.upstreams.openai.control.requests;
    const agentRequests = classicRequests.filter(isAgentStep);
    expect(agentRequests).toHaveLength(2);
    for (const request of agentRequests) {
      expect(request.body).toMatchObject({ model: 'gpt-3.5-turbo-instruct', temperature: 0.3 });
      expect(request.body.tools).toBeUndefined();
    }
    // Skip completion off: the chat's model writes the reply after the agent.
    expect(classicRequests.at(-1)!.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.6 });
    expect(isAgentStep(classicRequests.at(-1)!)).toBe(false);

    // The conversation keeps them: after a reload the agent settings show what was sent.
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/c\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect.poll(() => classicReply.innerText(), { timeout: 15_000 }).toContain('The completion says 42.');
    await openSettings();
    await views().getByRole('radio', { name: 'Agent settings' }).click();
    await expect.poll(() => settings.getByRole('combobox', { name: 'Agent model' }).innerText()).toContain('gpt-3.5-turbo-instruct');
    expect(await functions.getAttribute('aria-checked')).toBe('false');

    // Back to the functions agent, skipping the completion: native tool calls on the agent's model.
    await pickAgentModel('gpt-4o-mini');
    await functions.click();
    await skipCompletion.click();
    await closeSettings();
    e2e.upstreams.openai.control.reset();
    scriptCalculator('6*8');
    const functionsBody = await askFromComposer('And 6*8?');
    expect(functionsBody.agentOptions).toEqual({ agent: 'functions', skipCompletion: true, model: 'gpt-4o-mini', temperature: 0.3 });
    const functionsReply = log.getByRole('article').last();
    await expect.poll(() => functionsReply.innerText(), { timeout: 20_000 }).toContain('It is 48.');
    await expect.poll(() => functionsReply.locator('details summary').first().innerText()).toBe('Used Calculator');
    const functionsRequests = e2e.upstreams.openai.control.requests;
    expect(functionsRequests).toHaveLength(2);
    for (const request of functionsRequests) {
      expect(request.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.3 });
      expect(request.body.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual(['calculator']);
    }
    await page.context().close();
  });

  it('sends the temperature the settings show when it was never touched: Plugins .8, Google .2 with gemini’s 8192 tokens', async () => {
    const page = await e2e.newPage();
    await signUp(page, 'defaults');
    const settings = page.getByRole('dialog', { name: 'Conversation settings' });
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    const log = page.getByRole('log', { name: 'Messages' });
    /** A new chat on an endpoint: what its untouched settings show, then what the upstream was asked with. */
    const shownThenSent = async (endpoint: string, fields: string[]) => {
      await page.goto('/c/new');
      await page.getByRole('button', { name: /^Endpoint:/ }).click();
      await page.getByRole('menu', { name: 'Endpoints' }).getByRole('menuitemradio', { name: endpoint }).click();
      await expect.poll(() => page.getByRole('button', { name: `Endpoint: ${endpoint}` }).count()).toBe(1);
      await page.getByRole('button', { name: 'Conversation settings' }).click();
      await expect.poll(() => settings.isVisible()).toBe(true);
      const shown: Record<string, number> = {};
      for (const field of fields) shown[field] = Number(await settings.getByRole('spinbutton', { name: field }).inputValue());
      await settings.press('Escape');
      await expect.poll(() => settings.count()).toBe(0);
      await expect.poll(() => composer.isEnabled(), { timeout: 15_000 }).toBe(true);
      await composer.fill(`Hello ${endpoint}`);
      await composer.press('Enter');
      await expect.poll(() => log.getByRole('article').last().innerText(), { timeout: 20_000 }).toContain('Shown values arrived.');
      return shown;
    };

    // Plugins without tools: a plain completion at the conversation's temperature (the OpenAI fake's own default would be 1).
    e2e.upstreams.openai.control.reset();
    e2e.upstreams.openai.control.configure({ reply: 'Shown values arrived.' });
    const plugins = await shownThenSent('Plugins', ['Temperature (0–2)', 'Top P (0–1)']);
    expect(plugins).toEqual({ 'Temperature (0–2)': 0.8, 'Top P (0–1)': 1 });
    const completion = e2e.upstreams.openai.control.requests.find((request) => request.body?.stream === true)!;
    expect(completion.body).toMatchObject({ temperature: 0.8, top_p: 1 });

    e2e.upstreams.google.control.reset();
    e2e.upstreams.google.control.configure({ reply: 'Shown values arrived.' });
    const google = await shownThenSent('Google', ['Temperature (0–1)', 'Max output tokens (1–8192)', 'Top P (0–1)', 'Top K (1–40)']);
    expect(google).toEqual({ 'Temperature (0–1)': 0.2, 'Max output tokens (1–8192)': 8192, 'Top P (0–1)': 0.8, 'Top K (1–40)': 40 });
    const generation = e2e.upstreams.google.control.requests.at(0)!.body.generationConfig;
    expect(generation).toMatchObject({ temperature: 0.2, maxOutputTokens: 8192, topP: 0.8, topK: 40 });
    await page.context().close();
  });
});
