import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../validate.js';

const ollama = { name: 'Ollama', apiKey: 'ollama', baseURL: 'http://127.0.0.1:11434/v1', models: { default: ['llama3'] } };
const check = (custom: unknown[], env: Record<string, string> = {}) => validateConfig({ version: '1.0.6', endpoints: { custom } }, env);

describe('endpoints.custom', () => {
  it('accepts every documented field', () => {
    const endpoint = {
      ...ollama,
      models: { default: ['llama3', 'mistral'], fetch: true, userIdQuery: false },
      titleConvo: true,
      titleMethod: 'functions',
      titleModel: 'llama3',
      summarize: true,
      summaryModel: 'mistral',
      forcePrompt: false,
      modelDisplayLabel: 'Ollama',
      iconURL: 'https://example.com/ollama.png',
      customOrder: 2,
      headers: { 'X-Team': 'research' },
      addParams: { temperature: 0.7, options: { num_ctx: 8192 } },
      dropParams: ['stop', 'user'],
    };
    const { config, errors, warnings } = check([endpoint]);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(config?.endpoints?.custom).toEqual([endpoint]);
  });

  it('accepts user_provided and an environment reference for apiKey and baseURL', () => {
    const { config, errors } = check([{ ...ollama, apiKey: '${GROQ_KEY}', baseURL: 'user_provided' }], { GROQ_KEY: 'gsk-1' });
    expect(errors).toEqual([]);
    expect(config?.endpoints?.custom?.[0]).toMatchObject({ apiKey: 'gsk-1', baseURL: 'user_provided' });
  });

  it('keeps an unset ${VAR} baseURL (a warning, not an error)', () => {
    const { errors, warnings } = check([{ ...ollama, baseURL: '${OLLAMA_URL}' }]);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([{ path: 'endpoints.custom[0].baseURL', message: expect.stringContaining('OLLAMA_URL is not set') }]);
  });

  it('reports every missing required field with its path', () => {
    const { errors } = check([{ name: 'Broken' }]);
    expect(errors).toEqual([
      { path: 'endpoints.custom[0].apiKey', message: 'required (expected string)' },
      { path: 'endpoints.custom[0].baseURL', message: 'required (expected string)' },
      { path: 'endpoints.custom[0].models', message: 'required (expected object)' },
    ]);
  });

  it('refuses a built-in endpoint name', () => {
    for (const name of ['openAI', 'azureOpenAI', 'bingAI', 'chatGPTBrowser', 'google', 'gptPlugins', 'anthropic', 'assistants', 'custom']) {
      expect(check([{ ...ollama, name }]).errors).toEqual([
        { path: 'endpoints.custom[0].name', message: 'Value cannot be one of the default endpoint values' },
      ]);
    }
  });

  it('needs at least one default model', () => {
    const { errors } = check([{ ...ollama, models: { default: [] } }]);
    expect(errors).toEqual([{ path: 'endpoints.custom[0].models.default', message: 'a model list needs at least one entry' }]);
  });

  it('rejects a baseURL that is not an http(s) URL, and wrong field types', () => {
    const { errors } = check([{ ...ollama, baseURL: 'localhost:11434', titleMethod: 'magic', headers: { 'X-Count': ['3'] } }]);
    expect(errors.map((error) => error.path)).toEqual([
      'endpoints.custom[0].baseURL',
      'endpoints.custom[0].titleMethod',
      'endpoints.custom[0].headers.X-Count',
    ]);
  });

  it('sends a header YAML read as a number or a boolean as the text it was written as (LibreChat accepts them)', () => {
    const { errors, config } = check([{ ...ollama, headers: { 'X-Count': 3, 'X-Debug': true } }]);
    expect(errors).toEqual([]);
    expect(config?.endpoints?.custom?.[0].headers).toEqual({ 'X-Count': '3', 'X-Debug': 'true' });
  });

  it('accepts config 1.2 model entries with a description, keeping the name, and titleMethod structured', () => {
    const { errors, config } = check([{ ...ollama, titleMethod: 'structured', models: { default: ['llama3', { name: 'mistral', description: 'Mistral 7B' }] } }]);
    expect(errors).toEqual([]);
    expect(config?.endpoints?.custom?.[0].models.default).toEqual(['llama3', 'mistral']);
  });

  it('reads provider: anthropic and lists a provider chatbox has no client for as ignored', () => {
    const { errors, ignored, config } = check([{ ...ollama, provider: 'anthropic' }, { ...ollama, name: 'Other', provider: 'bedrock' }]);
    expect(errors).toEqual([]);
    expect(config?.endpoints?.custom?.[0].provider).toBe('anthropic');
    expect(ignored).toEqual([{ section: 'endpoints.custom.provider', keys: ['bedrock'] }]);
  });

  it('refuses two endpoints with the same name', () => {
    const { errors } = check([ollama, { ...ollama, apiKey: 'other' }]);
    expect(errors).toEqual([{ path: 'endpoints.custom[1].name', message: 'duplicate custom endpoint name "Ollama"' }]);
  });
});
