import { describe, expect, it } from 'vitest';
import type { PluginLogger } from '../../core/plugin-api/index.js';
import { providerPlugins } from './index.js';
import { bingDiscovery } from './bing-ai/discovery.js';
import { chatGPTBrowserDiscovery } from './chatgpt-browser/discovery.js';

const log: PluginLogger = { debug() {}, info() {}, warn() {}, error() {} };
const plugin = (name: string) => providerPlugins.find((candidate) => candidate.name === name)!;

async function setUp(name: string, raw: unknown) {
  const parsed = plugin(name).configSchema.safeParse(raw);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return plugin(name).setup({ settings: parsed.data, log });
}

describe('provider plugins', () => {
  it('lists each built-in provider once, all of kind provider', () => {
    expect(providerPlugins.map((definition) => definition.name)).toEqual(['openAI', 'assistants', 'azureOpenAI', 'anthropic', 'google', 'bingAI', 'chatGPTBrowser', 'custom']);
    expect(new Set(providerPlugins.map((definition) => definition.kind))).toEqual(new Set(['provider']));
  });

  it('sets up the built-in endpoints from their settings', async () => {
    expect((await setUp('openAI', { apiKey: 'sk', models: ['gpt-4o'] })).id).toBe('openAI');
    expect(await (await setUp('anthropic', { apiKey: 'k', models: ['claude-opus-4-7'] })).listModels()).toEqual(['claude-opus-4-7']);
    expect((await setUp('google', {})).id).toBe('google');
    // LibreChat's model lists of the legacy endpoints: the Bing modes, CHATGPT_MODELS or its default.
    expect(await (await setUp('bingAI', { apiKey: 'cookie' })).listModels()).toEqual(['BingAI', 'Sydney']);
    expect(await (await setUp('chatGPTBrowser', { apiKey: 'token' })).listModels()).toEqual(['text-davinci-002-render-sha', 'gpt-4']);
  });

  it('turns the legacy endpoints on from BINGAI_TOKEN and CHATGPT_TOKEN, user_provided included', () => {
    const bing = bingDiscovery;
    const env = { BINGAI_TOKEN: 'user_provided', BINGAI_HOST: 'http://proxy.local:8080' };
    expect(bing.discover({ env, yaml: undefined })).toMatchObject([{ name: 'bingAI', userProvide: true, settings: { host: 'http://proxy.local:8080', socketURL: 'ws://proxy.local:8080/sydney/ChatHub' } }]);
    expect(bing.discover({ env: { BINGAI_TOKEN: undefined, BINGAI_HOST: undefined }, yaml: undefined })).toEqual([]);
    const browser = chatGPTBrowserDiscovery;
    const found = browser.discover({ env: { CHATGPT_TOKEN: 'tok', CHATGPT_MODELS: 'a,b', CHATGPT_REVERSE_PROXY: 'http://proxy.local/api/conversation' }, yaml: undefined });
    expect(found).toMatchObject([{ name: 'chatGPTBrowser', userProvide: false, settings: { apiKey: 'tok', models: ['a', 'b'], reverseProxyUrl: 'http://proxy.local/api/conversation' } }]);
  });

  it('takes endpoints.azureOpenAI from librechat.yaml as is', async () => {
    const provider = await setUp('azureOpenAI', {
      titleConvo: true,
      titleModel: 'gpt-4-turbo',
      plugins: true,
      groups: [
        {
          group: 'eastus',
          apiKey: 'key',
          instanceName: 'my-eastus',
          version: '2024-02-15-preview',
          deploymentName: 'gpt-4-turbo',
          assistants: true,
          models: { 'gpt-4-turbo': true, 'gpt-3.5-turbo': { deploymentName: 'gpt-35-turbo', assistants: true } },
        },
      ],
    });
    expect(provider.id).toBe('azureOpenAI');
    expect(await provider.listModels()).toEqual(['gpt-4-turbo', 'gpt-3.5-turbo']);
  });

  it('takes one endpoints.custom entry as is and names the provider after it', async () => {
    const provider = await setUp('custom', {
      name: 'OpenRouter',
      apiKey: 'user_provided',
      baseURL: 'https://openrouter.ai/api/v1',
      models: { default: ['meta-llama/llama-3-70b-instruct'], fetch: true },
      titleConvo: true,
      modelDisplayLabel: 'OpenRouter',
      dropParams: ['stop'],
    });
    expect(provider.id).toBe('OpenRouter');
    // No key yet (user_provided): the defaults, without a request.
    expect(await provider.listModels()).toEqual(['meta-llama/llama-3-70b-instruct']);
  });

  it('rejects a custom entry without its required fields, naming them', () => {
    const parsed = plugin('custom').configSchema.safeParse({ name: 'Broken', apiKey: 'k' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues.map((issue) => issue.path.join('.'))).toEqual(['baseURL', 'models']);
  });
});
