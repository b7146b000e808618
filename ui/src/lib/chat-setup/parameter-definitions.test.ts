import { describe, expect, it } from 'vitest';
import { clearedParameters, fitSetupTo, parametersFor, type SliderParameter } from './parameter-definitions.js';

const sliders = (kind: string, model?: string) =>
  Object.fromEntries(
    parametersFor(kind, model)
      .filter((definition): definition is SliderParameter => definition.control === 'slider')
      .map(({ key, min, max, step, default: value }) => [key, { min, max, step, default: value }]),
  );

describe('parameter ranges and defaults (spec 000 §5/§9)', () => {
  it.each(['openAI', 'azureOpenAI', 'custom'])('%s: temperature 0–2 default 1, top_p 0–1, penalties −2..2 step .01', (kind) => {
    expect(sliders(kind)).toEqual({
      temperature: { min: 0, max: 2, step: 0.01, default: 1 },
      top_p: { min: 0, max: 1, step: 0.01, default: 1 },
      frequency_penalty: { min: -2, max: 2, step: 0.01, default: 0 },
      presence_penalty: { min: -2, max: 2, step: 0.01, default: 0 },
    });
    const keys = parametersFor(kind).map((definition) => definition.key);
    expect(keys).toEqual(expect.arrayContaining(['chatGptLabel', 'promptPrefix', 'max_tokens', 'resendFiles', 'imageDetail']));
  });

  it('plugins: temperature default .8', () => {
    expect(sliders('gptPlugins').temperature).toEqual({ min: 0, max: 2, step: 0.01, default: 0.8 });
  });

  it('anthropic: temperature 0–1 default 1, top_p .7, top_k 1–40 default 5, max output 1–4000 default 4000', () => {
    expect(sliders('anthropic')).toEqual({
      temperature: { min: 0, max: 1, step: 0.01, default: 1 },
      topP: { min: 0, max: 1, step: 0.01, default: 0.7 },
      topK: { min: 1, max: 40, step: 1, default: 5 },
      maxOutputTokens: { min: 1, max: 4000, step: 1, default: 4000 },
    });
  });

  it('google: temperature .2, topP .8, topK 1–40 default 40, max output 1–2048 (8192 for gemini)', () => {
    expect(sliders('google', 'chat-bison')).toEqual({
      temperature: { min: 0, max: 1, step: 0.01, default: 0.2 },
      topP: { min: 0, max: 1, step: 0.01, default: 0.8 },
      topK: { min: 1, max: 40, step: 1, default: 40 },
      maxOutputTokens: { min: 1, max: 2048, step: 1, default: 1024 },
    });
    expect(sliders('google', 'gemini-1.5-pro').maxOutputTokens).toEqual({ min: 1, max: 8192, step: 1, default: 8192 });
    expect(parametersFor('google').map((definition) => definition.key)).toContain('examples');
  });

  it('offers nothing for endpoints without settings', () => {
    expect(parametersFor('assistants')).toEqual([]);
  });
});

describe('fitSetupTo', () => {
  it('clamps Google max output tokens when moving off a gemini model', () => {
    expect(fitSetupTo({ endpoint: 'google', model: 'chat-bison', maxOutputTokens: 8000 }, 'google')).toMatchObject({ maxOutputTokens: 2048 });
    expect(fitSetupTo({ endpoint: 'google', model: 'gemini-2.0-flash', maxOutputTokens: 8000 }, 'google')).toMatchObject({ maxOutputTokens: 8000 });
  });

  it('drops options the endpoint does not take and clamps the rest', () => {
    const fitted = fitSetupTo({ endpoint: 'anthropic', model: 'claude', temperature: 1.7, presence_penalty: 1, chatGptLabel: 'Bot', topK: 90 }, 'anthropic');
    expect(fitted).toEqual({ endpoint: 'anthropic', model: 'claude', temperature: 1, topK: 40 });
  });

  // A stored conversation carries the defaults it was sent with; they change with the model and endpoint as unset ones do.
  it('lets a value at the default of the model or endpoint it leaves follow the new default', () => {
    const gemini = { endpoint: 'google', model: 'gemini-1.5-pro', maxOutputTokens: 8192, temperature: 0.2 };
    const older = fitSetupTo({ ...gemini, model: 'chat-bison' }, 'google', 'chat-bison', { kind: 'google', model: 'gemini-1.5-pro' });
    expect(older.maxOutputTokens).toBeUndefined();
    expect(older.temperature).toBe(0.2);
    expect(fitSetupTo({ ...gemini, maxOutputTokens: 4000, model: 'chat-bison' }, 'google', 'chat-bison', { kind: 'google', model: 'gemini-1.5-pro' }).maxOutputTokens).toBe(2048);

    const toPlugins = fitSetupTo({ endpoint: 'gptPlugins', model: 'gpt-4o', temperature: 1, top_p: 1, imageDetail: 'auto' }, 'gptPlugins', 'gpt-4o', { kind: 'openAI', model: 'gpt-4o' });
    expect(toPlugins).toEqual({ endpoint: 'gptPlugins', model: 'gpt-4o', temperature: undefined, top_p: 1 });
    expect(fitSetupTo({ endpoint: 'openAI', model: 'gpt-4o', temperature: 0.8 }, 'openAI', 'gpt-4o', { kind: 'gptPlugins' }).temperature).toBeUndefined();
    expect(fitSetupTo({ endpoint: 'openAI', model: 'gpt-4o', temperature: 0.5 }, 'openAI', 'gpt-4o', { kind: 'gptPlugins' }).temperature).toBe(0.5);
  });

  it("keeps the agent options on the plugins endpoint only", () => {
    const agentOptions = { agent: 'classic' as const, skipCompletion: false, model: 'gpt-4o-mini', temperature: 0.3 };
    expect(fitSetupTo({ endpoint: 'gptPlugins', model: 'gpt-4o', agentOptions }, 'gptPlugins')).toEqual({ endpoint: 'gptPlugins', model: 'gpt-4o', agentOptions });
    expect(fitSetupTo({ endpoint: 'openAI', model: 'gpt-4o', agentOptions }, 'openAI')).toEqual({ endpoint: 'openAI', model: 'gpt-4o' });
  });
});

describe('clearedParameters', () => {
  it('resets the tuning but keeps what the user wrote', () => {
    const cleared = clearedParameters('google', 'gemini');
    expect(Object.keys(cleared).sort()).toEqual(['maxOutputTokens', 'temperature', 'topK', 'topP']);
    expect(Object.values(cleared).every((value) => value === undefined)).toBe(true);
  });

  it("resets the plugins endpoint's agent settings too", () => {
    const cleared = clearedParameters('gptPlugins');
    expect(cleared).toHaveProperty('agentOptions', undefined);
    expect(clearedParameters('openAI')).not.toHaveProperty('agentOptions');
  });
});
