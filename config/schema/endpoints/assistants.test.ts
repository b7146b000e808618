import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../validate.js';

const check = (assistants: unknown) => validateConfig({ version: '1.0.6', endpoints: { assistants } }, {});

describe('endpoints.assistants', () => {
  it('accepts every field and defaults capabilities to all of them', () => {
    const assistants = {
      disableBuilder: true,
      pollIntervalMs: 750,
      timeoutMs: 180000,
      supportedIds: ['asst_1'],
      retrievalModels: ['gpt-4-turbo-preview'],
      apiKey: 'user_provided',
      baseURL: 'https://api.openai.com/v1',
      models: { default: ['gpt-4-turbo'], fetch: true },
      titleConvo: true,
      titleMethod: 'completion',
      titleModel: 'gpt-3.5-turbo',
      headers: { 'OpenAI-Beta': 'assistants=v1' },
    };
    const { config, errors } = check(assistants);
    expect(errors).toEqual([]);
    expect(config?.endpoints?.assistants).toEqual({
      ...assistants,
      capabilities: ['code_interpreter', 'image_vision', 'retrieval', 'actions', 'tools'],
    });
  });

  it("accepts chatbox's modelsFrom (endpoint names, trimmed) and refuses an empty list or a single string", () => {
    expect(check({ apiKey: 'sk', modelsFrom: ['anthropic', ' Mistral '] }).config?.endpoints?.assistants?.modelsFrom).toEqual(['anthropic', 'Mistral']);
    expect(check({ modelsFrom: [] }).errors.map((error) => error.path)).toEqual(['endpoints.assistants.modelsFrom']);
    expect(check({ modelsFrom: 'anthropic' }).errors.map((error) => error.path)).toEqual(['endpoints.assistants.modelsFrom']);
    expect(check({ modelsFrom: ['anthropic', ''] }).errors.map((error) => error.path)).toEqual(['endpoints.assistants.modelsFrom[1]']);
  });

  it('refuses supportedIds together with excludedIds', () => {
    expect(check({ supportedIds: ['a'], excludedIds: ['b'] }).errors).toEqual([
      { path: 'endpoints.assistants.excludedIds', message: 'set either supportedIds or excludedIds, not both' },
    ]);
  });

  it('reports an unknown capability and a wrong poll interval', () => {
    const { errors } = check({ capabilities: ['retrieval', 'teleport'], pollIntervalMs: 'fast' });
    expect(errors.map((error) => error.path)).toEqual(['endpoints.assistants.pollIntervalMs', 'endpoints.assistants.capabilities[1]']);
  });
});
