import { describe, expect, it } from 'vitest';
import type { ProviderDiscovery } from '../../core/plugin-api/index.js';
import { anthropicDiscovery } from './anthropic/discovery.js';
import { assistantsDiscovery } from './assistants/discovery.js';
import { azureOpenAIDiscovery } from './azure-openai/discovery.js';
import { customDiscovery } from './custom/discovery.js';
import { googleDiscovery } from './google/discovery.js';
import { openAIDiscovery } from './openai/discovery.js';

/** What core does: parse the plugin's variables and yaml section with its own schemas, then discover. */
function discover(discovery: ProviderDiscovery, env: Record<string, string>, section?: unknown) {
  const parsedEnv = discovery.environment.safeParse(env);
  if (!parsedEnv.success) throw new Error(JSON.stringify(parsedEnv.error.issues));
  const parsedYaml = section === undefined ? undefined : discovery.yaml.safeParse(section);
  if (parsedYaml && !parsedYaml.success) throw new Error(JSON.stringify(parsedYaml.error.issues));
  return discovery.discover({ env: parsedEnv.data, yaml: parsedYaml?.data });
}

describe('the built-in providers discover their endpoints', () => {
  it('openAI: OPENAI_API_KEY turns it on; the yaml baseURL wins over OPENAI_REVERSE_PROXY', () => {
    expect(discover(openAIDiscovery, {})).toEqual([]);
    expect(discover(openAIDiscovery, { OPENAI_API_KEY: ' ' })).toEqual([]);
    const [openAI] = discover(openAIDiscovery, { OPENAI_API_KEY: 'sk', OPENAI_REVERSE_PROXY: 'http://env/v1', OPENAI_MODELS: 'a, b' }, { baseURL: 'http://yaml/v1', titleModel: 't' });
    expect(openAI).toEqual({
      name: 'openAI', settings: { apiKey: 'sk', baseURL: 'http://yaml/v1', models: ['a', 'b'] }, userProvide: false, userProvideURL: false,
      titleConvo: undefined, titleModel: 't', streamRate: undefined,
    });
    expect(discover(openAIDiscovery, { OPENAI_API_KEY: 'user_provided', OPENAI_REVERSE_PROXY: 'http://env/v1' })[0]).toMatchObject({ userProvide: true, settings: { baseURL: 'http://env/v1' } });
  });

  it('gptPlugins: the OpenAI key turns it on too, with PLUGIN_MODELS (never OPENAI_MODELS) and the key saved as openAI', () => {
    const [, plugins] = discover(openAIDiscovery, { OPENAI_API_KEY: 'sk', OPENAI_REVERSE_PROXY: 'http://env/v1', OPENAI_MODELS: 'a', PLUGIN_MODELS: 'p, q' });
    expect(plugins).toEqual({
      name: 'gptPlugins', settings: { apiKey: 'sk', baseURL: 'http://env/v1', models: ['p', 'q'] }, userProvide: false, userProvideURL: false, keyName: 'openAI',
      titleConvo: undefined, titleModel: undefined, streamRate: undefined,
    });
    expect(discover(openAIDiscovery, { OPENAI_API_KEY: 'sk', OPENAI_MODELS: 'a' })[1]?.settings).toEqual({ apiKey: 'sk', baseURL: undefined, models: undefined });
    expect(discover(openAIDiscovery, { OPENAI_API_KEY: 'user_provided' })[1]).toMatchObject({ name: 'gptPlugins', userProvide: true, keyName: 'openAI' });
  });

  it('anthropic: the yaml model list wins over ANTHROPIC_MODELS', () => {
    expect(discover(anthropicDiscovery, { ANTHROPIC_API_KEY: 'k', ANTHROPIC_MODELS: 'env-model' })[0]?.settings).toEqual({ apiKey: 'k', baseURL: undefined, models: ['env-model'] });
    expect(discover(anthropicDiscovery, { ANTHROPIC_API_KEY: 'k', ANTHROPIC_MODELS: 'env-model' }, { models: ['yaml-model'] })[0]?.settings).toMatchObject({ models: ['yaml-model'] });
  });

  it('google: GOOGLE_KEY turns it on', () => {
    expect(discover(googleDiscovery, { GOOGLE_MODELS: 'gemini-1.5-flash' })).toEqual([]);
    expect(discover(googleDiscovery, { GOOGLE_KEY: 'g', GOOGLE_MODELS: 'gemini-1.5-flash' })[0]).toMatchObject({ name: 'google', settings: { apiKey: 'g', models: ['gemini-1.5-flash'] } });
  });

  it('azureOpenAI: its yaml section, else AZURE_API_KEY=user_provided', () => {
    expect(discover(azureOpenAIDiscovery, { AZURE_API_KEY: 'a-real-key' })).toEqual([]);
    expect(discover(azureOpenAIDiscovery, { AZURE_API_KEY: 'user_provided', AZURE_OPENAI_MODELS: 'gpt-4o' })).toEqual([
      { name: 'azureOpenAI', settings: { models: ['gpt-4o'] }, userProvide: true, userProvideURL: false, azure: true, titleConvo: undefined, titleModel: undefined, streamRate: undefined },
    ]);
    const groups = [{ group: 'eastus', apiKey: 'k', models: { 'gpt-4o': true } }];
    expect(discover(azureOpenAIDiscovery, { AZURE_API_KEY: 'user_provided' }, { groups, customOrder: 3, timeoutMs: 5000, titleConvo: true })[0]).toMatchObject({
      settings: { groups }, userProvide: false, azure: true, order: 3, timeoutMs: 5000, titleConvo: true,
    });
  });

  it('azureOpenAI with plugins: true serves the plugins endpoint too, with the same groups', () => {
    const groups = [{ group: 'eastus', apiKey: 'k', models: { 'gpt-4o': true } }];
    const found = discover(azureOpenAIDiscovery, { AZURE_OPENAI_MODELS: 'gpt-4o' }, { groups, plugins: true, customOrder: 2 });
    expect(found.map((candidate) => candidate.name)).toEqual(['azureOpenAI', 'gptPlugins']);
    expect(found[1]).toMatchObject({ name: 'gptPlugins', settings: { groups, models: ['gpt-4o'] }, azure: true, userProvide: false, order: undefined });
    expect(discover(azureOpenAIDiscovery, {}, { groups }).map((candidate) => candidate.name)).toEqual(['azureOpenAI']);
  });

  it('custom: one endpoint per entry, passed on as written, with the provider an entry asks for', () => {
    const openRouter = { name: 'OpenRouter', apiKey: 'user_provided', baseURL: 'https://openrouter.ai/api/v1', models: { default: ['m'], fetch: true }, iconURL: 'i', dropParams: ['stop'], customOrder: 1 };
    const ollama = { name: 'Ollama', apiKey: 'k', baseURL: 'http://ollama.test/v1', provider: 'openai', models: { default: ['llama3'] } };
    const claude = { name: 'Claude', apiKey: 'k', baseURL: 'user_provided', provider: 'anthropic', models: { default: ['c'] }, headers: { 'x-a': 'b' } };
    expect(discover(customDiscovery, {})).toEqual([]);
    const [first, second, third] = discover(customDiscovery, {}, [openRouter, ollama, claude]);
    expect(first).toMatchObject({ name: 'OpenRouter', type: 'custom', settings: openRouter, userProvide: true, userProvideURL: false, iconURL: 'i', order: 1 });
    expect(first?.plugin).toBeUndefined();
    // `openai` is the client the custom plugin is: nothing to hand on.
    expect(second?.requestedProvider).toBeUndefined();
    expect(third).toMatchObject({ name: 'Claude', settings: claude, requestedProvider: { name: 'anthropic', entry: claude }, userProvide: false, userProvideURL: true });
    expect(third?.plugin).toBeUndefined();
  });

  it('assistants: a key in endpoints.assistants or ASSISTANTS_API_KEY turns it on, the yaml winning; no list means fetched models', () => {
    expect(discover(assistantsDiscovery, { ASSISTANTS_MODELS: 'a' })).toEqual([]);
    expect(discover(assistantsDiscovery, {}, { disableBuilder: true })).toEqual([]);
    const [fromEnv] = discover(assistantsDiscovery, { ASSISTANTS_API_KEY: 'sk', ASSISTANTS_BASE_URL: 'http://env/v1', ASSISTANTS_MODELS: 'a, b' });
    expect(fromEnv).toEqual({
      name: 'assistants', settings: { name: 'assistants', apiKey: 'sk', baseURL: 'http://env/v1', models: { default: ['a', 'b'], fetch: false }, headers: undefined },
      userProvide: false, userProvideURL: false, titleConvo: undefined, titleModel: undefined, streamRate: undefined,
    });
    const [fromYaml] = discover(assistantsDiscovery, { ASSISTANTS_API_KEY: 'sk', ASSISTANTS_MODELS: 'a' }, { apiKey: 'user_provided', baseURL: 'user_provided', models: { default: ['y'], fetch: true }, headers: { 'x-a': 'b' } });
    expect(fromYaml).toMatchObject({ settings: { apiKey: 'user_provided', baseURL: 'user_provided', models: { default: ['y'], fetch: true }, headers: { 'x-a': 'b' } }, userProvide: true, userProvideURL: true });
    const [bare] = discover(assistantsDiscovery, { ASSISTANTS_API_KEY: 'sk' });
    expect(bare?.settings).toMatchObject({ baseURL: 'https://api.openai.com/v1', models: { default: expect.arrayContaining(['gpt-4o']), fetch: true } });
  });

  it('assistants: without a key, modelsFrom (else ASSISTANTS_MODELS_FROM) turns it on with no connection of its own; a key keeps its own', () => {
    const lentOnly = { name: 'assistants', settings: { name: 'assistants', lentModelsOnly: true }, userProvide: false, userProvideURL: false, titleConvo: false, titleModel: 'haiku', streamRate: undefined };
    expect(discover(assistantsDiscovery, {}, { modelsFrom: ['anthropic'], titleConvo: false, titleModel: 'haiku' })).toEqual([lentOnly]);
    expect(discover(assistantsDiscovery, { ASSISTANTS_MODELS_FROM: 'anthropic' }, {})).toEqual([{ ...lentOnly, titleConvo: undefined, titleModel: undefined }]);
    expect(discover(assistantsDiscovery, { ASSISTANTS_MODELS_FROM: ' , ' })).toEqual([]);
    const [keyed] = discover(assistantsDiscovery, { ASSISTANTS_API_KEY: 'sk', ASSISTANTS_MODELS: 'a' }, { modelsFrom: ['anthropic'] });
    expect(keyed?.settings).toMatchObject({ apiKey: 'sk', models: { default: ['a'] } });
  });

  it('anthropic: serves a custom endpoint with its key, base URL, listed models and headers', () => {
    const claude = { name: 'Claude', apiKey: 'k', baseURL: 'user_provided', provider: 'anthropic', models: { default: ['c'], fetch: true }, headers: { 'x-a': 'b' }, iconURL: 'i' };
    expect(anthropicDiscovery.customEndpoint?.(claude)).toEqual({ apiKey: 'k', baseURL: 'user_provided', models: ['c'], headers: { 'x-a': 'b' } });
  });
});
