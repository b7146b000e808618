import { describe, expect, it } from 'vitest';
import { parameterDefaults, withParameterDefaults } from './parameter-defaults.js';
import type { EndpointOptionsInput } from './preset.js';

const options = (value: EndpointOptionsInput) => value;

describe('parameter defaults (spec 000 §5/§9)', () => {
  it('gives each parameter set its defaults, and none to endpoints without parameters', () => {
    expect(parameterDefaults('custom')).toEqual({ temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0, resendFiles: true, imageDetail: 'auto' });
    expect(parameterDefaults('azureOpenAI')).toEqual(parameterDefaults('openAI'));
    expect(parameterDefaults('gptPlugins')).toMatchObject({ temperature: 0.8 });
    expect(parameterDefaults('gptPlugins')).not.toHaveProperty('imageDetail');
    for (const kind of ['assistants', 'bingAI', 'chatGPTBrowser', 'Mistral']) expect(parameterDefaults(kind)).toEqual({});
  });

  it('fills what is unset or null for the model in use and keeps what is set', () => {
    expect(withParameterDefaults(options({ model: 'chat-bison', topK: 12, topP: null }), 'google', 'chat-bison')).toEqual({ model: 'chat-bison', temperature: 0.2, topP: 0.8, topK: 12, maxOutputTokens: 1024 });
    expect(withParameterDefaults({}, 'google', 'gemini-pro')).toMatchObject({ maxOutputTokens: 8192 });
    expect(withParameterDefaults(options({ model: 'gpt-4o', promptPrefix: null }), 'assistants', 'gpt-4o')).toEqual({ model: 'gpt-4o', promptPrefix: null });
  });
});
