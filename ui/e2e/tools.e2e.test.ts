import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTavily } from '../../testing/fake-tool-services/tavily.js';
import type { FakeToolService } from '../../testing/fake-tool-services/fake-tool-service.js';
import type { FakeToolCall, FakeUpstream, RecordedRequest } from '../../testing/fake-upstreams/index.js';
import { toolResultsIn } from '../../testing/tool-results-in.js';
import { writeYamlFile } from '../../testing/yaml-file.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { bearer, signUp } from './support/seed.js';

const tavilyKey = 'tvly-e2e-key-0123456789';
const stdioServer = fileURLToPath(new URL('../../testing/mcp-servers/stdio-server.mjs', import.meta.url));

let e2e: ChatE2eContext;
let tavily: FakeToolService;
let yaml: { path: string; remove(): void };
let page: Page;

beforeAll(async () => {
  tavily = await startFakeTavily(tavilyKey);
  // The Tavily fake listens on loopback: the operator allows it; a custom endpoint on the OpenAI fake;
  // a real MCP server over stdio, written with the SDK.
  const upstreamsHost = '${FAKE_OPENAI_HOST}';
  yaml = writeYamlFile(
    [
      `ssrf:\n  allowedHosts: ["${tavily.host}", "${upstreamsHost}"]`,
      'endpoints:\n  custom:\n    - name: "Local"\n      apiKey: "local-key"\n      baseURL: "${OPENAI_REVERSE_PROXY}"\n      models:\n        default: ["llama3.1", "gemma-2b"]',
      `mcpServers:\n  math:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(stdioServer)}]`,
    ].join('\n') + '\n',
  );
  e2e = await startChatE2e({ TITLE_CONVO: 'false', CONFIG_PATH: yaml.path, TAVILY_BASE_URL: tavily.url });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
  await tavily?.close();
  yaml?.remove();
});

/** The model calls `calls` first; once the request carries their results it answers `answer(results)`. */
function scriptToolCall(upstream: FakeUpstream, calls: FakeToolCall[], answer: (results: string[]) => string) {
  const results = (request: RecordedRequest) => toolResultsIn(request.body);
  upstream.control.configure({
    reply: (request) => (results(request).length === 0 ? '' : answer(results(request))),
    toolCalls: (request) => (results(request).length === 0 && request.body.tools ? calls : []),
  });
}

const settingsButton = () => page.getByRole('button', { name: 'Conversation settings' });
const settings = () => page.getByRole('dialog', { name: 'Conversation settings' });
const store = () => page.getByRole('dialog', { name: 'Plugin store' });
const composer = () => page.getByRole('textbox', { name: 'Message', exact: true });

async function chooseEndpoint(label: string) {
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('menu', { name: 'Endpoints' }).getByRole('menuitemradio', { name: label }).click();
  await expect.poll(() => page.getByRole('button', { name: `Endpoint: ${label}` }).count()).toBe(1);
}

async function openSettings() {
  if ((await settings().count()) === 0) await settingsButton().click();
  await expect.poll(() => settings().isVisible()).toBe(true);
}

async function closeSettings() {
  await settings().press('Escape');
  await expect.poll(() => settings().count()).toBe(0);
}

async function ask(text: string) {
  await expect.poll(() => composer().isEnabled(), { timeout: 15_000 }).toBe(true);
  await composer().fill(text);
  await composer().press('Enter');
}

/** The last reply's first tool block: running while the tool runs, then done with its input and output inside. */
async function expectToolBlock(reply: Locator, name: string, input: RegExp, output: string) {
  const block = reply.locator('details').first();
  await expect.poll(() => block.getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
  expect(await block.locator('summary').innerText()).toBe(`Used ${name}`);
  await block.locator('summary').click();
  const inside = await block.innerText();
  expect(inside).toMatch(input);
  expect(inside).toContain(output);
}

describe('tools in the browser', () => {
  it('installs Tavily with its key from the store, uses it on Anthropic and on a custom endpoint, and an MCP tool', async () => {
    page = await e2e.newPage();
    await signUp(page, 'tools');
    await page.goto('/c/new');
    await chooseEndpoint('Anthropic');

    // The picker in the settings popover: nothing installed yet; the store opens and closes by keyboard.
    await openSettings();
    await expect.poll(() => settings().innerText()).toContain('No tools installed yet.');
    const storeButton = settings().getByRole('button', { name: 'Plugin store' });
    await storeButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => store().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => store().count()).toBe(0);
    expect(await settings().isVisible()).toBe(true);
    expect(await storeButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => store().isVisible()).toBe(true);

    // Search, then install Tavily: the auth form asks for its key with the spec's rules.
    const search = store().getByRole('searchbox', { name: 'Search plugins' });
    await search.fill('tavily');
    await expect.poll(() => store().getByRole('listitem').count()).toBe(1);
    await store().getByRole('button', { name: 'Install Tavily Search' }).click();
    const keyField = store().getByLabel('Tavily API Key');
    const save = store().getByRole('button', { name: 'Save' });
    expect(await keyField.getAttribute('type')).toBe('password');
    expect(await save.isDisabled()).toBe(true);
    await keyField.fill('tvly-short');
    await keyField.fill('');
    await expect.poll(() => store().innerText()).toContain('Tavily API Key is required.');
    await keyField.fill('tvly-123');
    await expect.poll(() => store().innerText()).toContain('Tavily API Key must be at least 10 characters long');
    expect(await save.isDisabled()).toBe(true);
    await keyField.fill(tavilyKey);
    await save.click();
    await expect.poll(() => store().getByRole('button', { name: 'Uninstall Tavily Search' }).count()).toBe(1);
    expect(await store().innerText()).not.toContain(tavilyKey);

    // The MCP server's tool needs no key: it installs without the form.
    await search.fill('adds two');
    await expect.poll(() => store().getByRole('listitem').count()).toBe(1);
    await store().getByRole('button', { name: 'Install Add (math)' }).click();
    await expect.poll(() => store().getByRole('button', { name: 'Uninstall Add (math)' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/chatbox-tools-store.png' });
    await page.keyboard.press('Escape');
    await expect.poll(() => store().count()).toBe(0);

    // Select Tavily: it goes into the chat's tools and into lastSelectedTools.
    await settings().getByRole('checkbox', { name: 'Tavily Search' }).check();
    expect(await page.evaluate(() => window.localStorage.getItem('lastSelectedTools'))).toBe('["tavily_search_results_json"]');
    await closeSettings();

    // Anthropic: the model calls Tavily (slow, so the block is seen running), then answers from the results.
    tavily.control.configure({ firstByteDelayMs: 1_500 });
    scriptToolCall(e2e.upstreams.anthropic, [{ name: 'tavily_search_results_json', input: { query: 'fjords', max_results: 1 } }], (results) => `Anthropic read: ${results.join()}`);
    await ask('What is new about fjords?');
    const log = page.getByRole('log', { name: 'Messages' });
    const claudeReply = log.getByRole('article').last();
    await expect.poll(() => claudeReply.locator('details[data-state="running"]').count(), { timeout: 15_000 }).toBe(1);
    await expectToolBlock(claudeReply, 'Tavily Search', /Input\s*\{"query":"fjords","max_results":1\}/, 'Tavily content about fjords (1).');
    // The answer quotes the result it was sent (Anthropic's tool_result content, as the fake echoes it).
    await expect.poll(() => claudeReply.innerText(), { timeout: 15_000 }).toMatch(/Anthropic read: .*1\. fjords — source 1.*Tavily content about fjords \(1\)\./s);
    expect(tavily.control.lastRequest).toMatchObject({ path: '/search', headers: { authorization: `Bearer ${tavilyKey}` } });
    expect(e2e.upstreams.anthropic.control.requests[0]!.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['tavily_search_results_json']);
    await page.screenshot({ path: '/tmp/chatbox-tools-anthropic.png' });
    tavily.control.configure({ firstByteDelayMs: 0 });

    // A custom endpoint in a new chat: the last selection comes back from lastSelectedTools.
    await page.goto('/c/new');
    await chooseEndpoint('Local');
    await openSettings();
    await expect.poll(() => settings().getByRole('checkbox', { name: 'Tavily Search' }).isChecked()).toBe(true);
    await closeSettings();
    scriptToolCall(e2e.upstreams.openai, [{ name: 'tavily_search_results_json', input: { query: 'glaciers', max_results: 1 } }], (results) => `Local read: ${results.join()}`);
    await ask('And glaciers?');
    const localReply = log.getByRole('article').last();
    await expectToolBlock(localReply, 'Tavily Search', /Input\s*\{"query":"glaciers","max_results":1\}/, 'Tavily content about glaciers (1).');
    await expect.poll(() => localReply.innerText(), { timeout: 15_000 }).toContain('Local read: 1. glaciers — source 1');
    expect(e2e.upstreams.openai.control.lastRequest!.body.model).toBe('llama3.1');

    // The MCP tool on Anthropic, in a new chat: Tavily off, add on.
    await page.goto('/c/new');
    await chooseEndpoint('Anthropic');
    await openSettings();
    await settings().getByRole('checkbox', { name: 'Tavily Search' }).uncheck();
    await settings().getByRole('checkbox', { name: 'Add (math)' }).check();
    await closeSettings();
    e2e.upstreams.anthropic.control.reset();
    scriptToolCall(e2e.upstreams.anthropic, [{ name: 'add_mcp_math', input: { a: 2, b: 3 } }], (results) => `The sum is ${results.join()}.`);
    await ask('What is 2 + 3?');
    const mcpReply = log.getByRole('article').last();
    await expectToolBlock(mcpReply, 'Add (math)', /Input\s*\{"a":2,"b":3\}/, '5');
    await expect.poll(() => mcpReply.innerText(), { timeout: 15_000 }).toMatch(/The sum is .*5.*\./);
    await page.screenshot({ path: '/tmp/chatbox-tools-mcp.png' });
    await page.context().close();
  });

  it('says when the model cannot call tools, and drops an uninstalled tool from the selection', async () => {
    page = await e2e.newPage();
    const { token } = await signUp(page, 'picker');
    expect((await page.request.post('/api/user/plugins', { data: { pluginKey: 'calculator', action: 'install' }, headers: bearer(token) })).status()).toBe(200);
    await page.goto('/c/new');
    await chooseEndpoint('Local');
    await openSettings();
    await settings().getByRole('checkbox', { name: 'Calculator' }).check();
    await settings().getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'gemma-2b' }).click();
    await expect.poll(() => settings().innerText()).toContain('gemma-2b cannot call tools.');
    expect(await settings().getByRole('checkbox').count()).toBe(0);

    await settings().getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'llama3.1' }).click();
    await settings().getByRole('button', { name: 'Plugin store' }).click();
    await store().getByRole('searchbox', { name: 'Search plugins' }).fill('calculator');
    await store().getByRole('button', { name: 'Uninstall Calculator' }).click();
    await expect.poll(() => store().getByRole('button', { name: 'Install Calculator' }).count()).toBe(1);
    // The selection follows once the user's installed tools are read again after the uninstall.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('lastSelectedTools'))).toBe('[]');
    await expect.poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem('lastConversationSetup') ?? '{}').tools)).toEqual([]);
    await page.context().close();
  });
});
