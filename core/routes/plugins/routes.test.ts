import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';
import { builtInToolPlugins, credentialToolPlugins, rawPluginAuthRows } from '../../../testing/credential-tool-plugins.js';
import { pluginSchema } from '../../../testing/librechat-client/schemas/plugin.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

async function start(env: Record<string, string> = {}) {
  // The test tools first: the store's order is the manifest's, whatever the registration order.
  ({ app, alice, bob } = await twoSignedInUsers({ plugins: [...credentialToolPlugins(), ...builtInToolPlugins], env }));
}
afterEach(async () => {
  await app?.close();
});

const listPlugins = (account = alice) => app.inject({ method: 'GET', url: '/api/plugins', headers: bearer(account) });
const post = (payload: unknown, account = alice) => app.inject({ method: 'POST', url: '/api/user/plugins', headers: bearer(account), payload: payload as object });
const installedBy = async (account: SignedInUser) => (await app.inject({ method: 'GET', url: '/api/user', headers: bearer(account) })).json().plugins;
const echoAuth = { 'ECHO_SECRET_KEY||ECHO_KEY': 'echo-key-0123456789', ECHO_ACCOUNT: 'account-alice-42' };

describe('GET /api/plugins', () => {
  it("lists the catalogue's tools as LibreChat's TPlugin, in manifest order, each with its icon", async () => {
    await start();
    expect((await app.inject({ method: 'GET', url: '/api/plugins' })).statusCode).toBe(401);
    const response = await listPlugins();
    expect(response.statusCode).toBe(200);
    const plugins = response.json();
    for (const plugin of plugins) expect(pluginSchema.safeParse(plugin).error).toBeUndefined();
    // LibreChat's manifest order for the built-ins (reference §4.2), then the tools it does not know.
    expect(plugins.map((plugin: { pluginKey: string }) => plugin.pluginKey)).toEqual([
      'traversaal_search', 'google', 'wolfram', 'web-browser', 'serpapi', 'dall-e', 'dalle',
      'tavily_search_results_json', 'calculator', 'stable-diffusion', 'azure-ai-search', 'echo_secret', 'operator_tool',
    ]);
    const byKey = (key: string) => plugins.find((plugin: { pluginKey: string }) => plugin.pluginKey === key);
    expect(byKey('calculator')).toEqual({
      name: 'Calculator', pluginKey: 'calculator', description: 'Perform simple and complex mathematical calculations.',
      icon: '/assets/tools/calculator.svg', authConfig: [], authenticated: true,
    });
    expect(byKey('google')).toMatchObject({ authConfig: [{ authField: 'GOOGLE_CSE_ID' }, { authField: 'GOOGLE_SEARCH_API_KEY' }], authenticated: false });
    expect(byKey('echo_secret')).toMatchObject({
      name: 'Echo Secret', authenticated: false,
      authConfig: [
        { authField: 'ECHO_SECRET_KEY||ECHO_KEY', label: 'Echo Key', description: 'The key of the echo service.' },
        { authField: 'ECHO_ACCOUNT', label: 'Echo Account', description: 'Your account at the echo service.' },
      ],
    });
  });

  it('marks the tools of `tools.requiresApproval` with requiresApproval: true, the others not at all', async () => {
    const yaml = writeYamlFile('tools:\n  requiresApproval: [calculator, echo_secret]\n');
    try {
      ({ app, alice, bob } = await twoSignedInUsers({ plugins: [...credentialToolPlugins(), ...builtInToolPlugins], configPath: yaml.path }));
      const plugins: Array<{ pluginKey: string }> = (await listPlugins()).json();
      const marked = plugins.filter((plugin) => 'requiresApproval' in plugin);
      expect(marked).toEqual([expect.objectContaining({ pluginKey: 'calculator', requiresApproval: true }), expect.objectContaining({ pluginKey: 'echo_secret', requiresApproval: true })]);
      // LibreChat's client ignores the extra key.
      for (const plugin of marked) expect(pluginSchema.safeParse(plugin).error).toBeUndefined();
    } finally {
      yaml.remove();
    }
  });

  it('says `authenticated` when the operator set every field (any alternative), never for blank or user_provided', async () => {
    await start({ ECHO_KEY: 'operator-echo', ECHO_ACCOUNT: 'operator-account', OPERATOR_TOOL_KEY: 'user_provided' });
    const plugins = (await listPlugins()).json();
    expect(plugins.find((plugin: { pluginKey: string }) => plugin.pluginKey === 'echo_secret').authenticated).toBe(true);
    expect(plugins.find((plugin: { pluginKey: string }) => plugin.pluginKey === 'operator_tool').authenticated).toBe(false);
    expect(JSON.stringify(plugins)).not.toContain('operator-echo');
    await app.close();
    await start({ ECHO_SECRET_KEY: '  ', ECHO_ACCOUNT: 'set' });
    expect((await listPlugins()).json().find((plugin: { pluginKey: string }) => plugin.pluginKey === 'echo_secret').authenticated).toBe(false);
  });
});

describe('POST /api/user/plugins', () => {
  it.each([
    [{}, 'pluginKey is required'],
    [{ pluginKey: '  ', action: 'install' }, 'pluginKey is required'],
    [{ pluginKey: 'calculator' }, "action must be 'install' or 'uninstall'"],
    [{ pluginKey: 'calculator', action: 'remove' }, "action must be 'install' or 'uninstall'"],
    [{ pluginKey: 42, action: 'install' }, 'pluginKey is required'],
    [{ pluginKey: 'echo_secret', action: 'install', auth: 'key' }, 'auth must be an object of credential fields'],
    [{ pluginKey: 'echo_secret', action: 'install', auth: { ECHO_ACCOUNT: 7 } }, 'each credential must be a string'],
    [{ pluginKey: 'echo_secret', action: 'install', auth: { ECHO_ACCOUNT: 'x'.repeat(4_097) } }, 'a credential must be at most 4096 characters'],
    [{ pluginKey: 'calculator', action: 'install', isAssistantTool: 'yes' }, 'isAssistantTool must be a boolean'],
    [{ pluginKey: 'echo_secret', action: 'install', auth: { ...echoAuth, OPENAI_API_KEY: 'sk' } }, 'OPENAI_API_KEY is not a credential of Echo Secret: it takes ECHO_SECRET_KEY||ECHO_KEY, ECHO_ACCOUNT'],
    [{ pluginKey: 'calculator', action: 'install', auth: { KEY: 'value' } }, 'Calculator takes no credentials, but KEY was sent'],
    [{ pluginKey: 'echo_secret', action: 'install' }, 'Echo Key is required.'],
    [{ pluginKey: 'echo_secret', action: 'install', auth: { 'ECHO_SECRET_KEY||ECHO_KEY': 'k-0123456789', ECHO_ACCOUNT: '   ' } }, 'Echo Account is required.'],
  ])('answers 400 for %j and changes nothing', async (payload, message) => {
    await start();
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await installedBy(alice)).toEqual([]);
    expect(await rawPluginAuthRows(app.store)).toEqual([]);
  });

  it('answers 404 for installing a tool the server does not have, and 401 without a token', async () => {
    await start();
    const response = await post({ pluginKey: 'zapier', action: 'install' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('There is no tool "zapier" on this server');
    expect((await app.inject({ method: 'POST', url: '/api/user/plugins', payload: { pluginKey: 'calculator', action: 'install' } })).statusCode).toBe(401);
  });

  it('installs a tool without credentials once, and uninstalls it', async () => {
    await start();
    const installed = await post({ pluginKey: 'calculator', action: 'install', auth: null });
    expect(installed.statusCode).toBe(200);
    expect(installed.body).toBe('');
    await post({ pluginKey: 'calculator', action: 'install' });
    expect(await installedBy(alice)).toEqual(['calculator']);
    expect((await post({ pluginKey: 'calculator', action: 'uninstall', auth: null })).statusCode).toBe(200);
    expect(await installedBy(alice)).toEqual([]);
  });

  it('stores credentials encrypted per user and tool, never answers them, and uninstall removes them', async () => {
    await start();
    expect((await post({ pluginKey: 'echo_secret', action: 'install', auth: echoAuth })).statusCode).toBe(200);
    expect(await installedBy(alice)).toEqual(['echo_secret']);

    const rows = await rawPluginAuthRows(app.store);
    expect(rows.map(({ pluginKey, authField }) => [pluginKey, authField]).sort()).toEqual([['echo_secret', 'ECHO_ACCOUNT'], ['echo_secret', 'ECHO_SECRET_KEY']]);
    for (const row of rows) {
      expect(row.value).toMatch(/^v1:[0-9a-f]{8}:/);
      expect(row.value).not.toContain('echo-key-0123456789');
      expect(row.value).not.toContain('account-alice-42');
    }
    expect(await app.chat.pluginAuths.read(alice.userId, 'echo_secret')).toEqual({ ECHO_SECRET_KEY: 'echo-key-0123456789', ECHO_ACCOUNT: 'account-alice-42' });
    for (const url of ['/api/plugins', '/api/user']) expect((await app.inject({ method: 'GET', url, headers: bearer(alice) })).body).not.toMatch(/echo-key-0123456789|account-alice-42/);

    expect((await post({ pluginKey: 'echo_secret', action: 'uninstall', auth: null })).statusCode).toBe(200);
    expect(await installedBy(alice)).toEqual([]);
    expect(await rawPluginAuthRows(app.store)).toEqual([]);
  });

  it('takes a field under any of its names, keeps stored fields on a re-install, and falls back to the environment', async () => {
    await start({ OPERATOR_TOOL_KEY: 'from-the-operator' });
    await post({ pluginKey: 'echo_secret', action: 'install', auth: { ECHO_KEY: 'first-key-0123', ECHO_ACCOUNT: 'acct-0123456' } });
    expect((await post({ pluginKey: 'echo_secret', action: 'install', auth: { 'ECHO_SECRET_KEY||ECHO_KEY': 'second-key-0123' } })).statusCode).toBe(200);
    expect(await app.chat.pluginAuths.read(alice.userId, 'echo_secret')).toEqual({ ECHO_SECRET_KEY: 'second-key-0123', ECHO_ACCOUNT: 'acct-0123456' });
    expect((await post({ pluginKey: 'operator_tool', action: 'install' })).statusCode).toBe(200);
    expect(await installedBy(alice)).toEqual(['echo_secret', 'operator_tool']);
  });

  it("keeps each user's install and credentials apart", async () => {
    await start();
    await post({ pluginKey: 'echo_secret', action: 'install', auth: echoAuth });
    expect(await installedBy(bob)).toEqual([]);
    expect(await app.chat.pluginAuths.read(bob.userId, 'echo_secret')).toEqual({});
    // Bob installing and uninstalling the same tool touches his records only.
    await post({ pluginKey: 'echo_secret', action: 'install', auth: { 'ECHO_SECRET_KEY||ECHO_KEY': 'bob-key-0123456', ECHO_ACCOUNT: 'bob-account-1' } }, bob);
    await post({ pluginKey: 'echo_secret', action: 'uninstall' }, bob);
    expect(await installedBy(alice)).toEqual(['echo_secret']);
    expect(await app.chat.pluginAuths.read(alice.userId, 'echo_secret')).toEqual({ ECHO_SECRET_KEY: 'echo-key-0123456789', ECHO_ACCOUNT: 'account-alice-42' });
    // A sealed value is bound to its user and tool: copied in the database to Bob, or to another tool, it does not open.
    const [sealed] = await app.store.pluginAuths.list(alice.userId, 'echo_secret');
    await app.store.pluginAuths.upsert({ ...sealed, userId: bob.userId });
    await app.store.pluginAuths.upsert({ ...sealed, pluginKey: 'operator_tool' });
    expect(await app.chat.pluginAuths.read(bob.userId, 'echo_secret')).toEqual({});
    expect(await app.chat.pluginAuths.read(alice.userId, 'operator_tool')).toEqual({});
  });

  it("stores an assistant tool's credentials without installing it, and uninstalls a key the server no longer has", async () => {
    await start();
    await post({ pluginKey: 'echo_secret', action: 'install', auth: echoAuth, isAssistantTool: true });
    expect(await installedBy(alice)).toEqual([]);
    expect(Object.keys(await app.chat.pluginAuths.read(alice.userId, 'echo_secret'))).toHaveLength(2);
    await app.store.users.update(alice.userId, { plugins: ['zapier', 'calculator', 'zapier'] });
    expect((await post({ pluginKey: 'zapier', action: 'uninstall' })).statusCode).toBe(200);
    expect(await installedBy(alice)).toEqual(['calculator']);
  });
});
