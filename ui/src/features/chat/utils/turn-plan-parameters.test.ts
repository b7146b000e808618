import { describe, expect, it } from 'vitest';
import type { ChatSetup } from '../../../lib/chat-setup/index.js';
import { message } from '../../../test/chat-fixtures.js';
import { planAsk, planContinue, planRegenerate, type TurnContext } from './turn-plan.js';

const endpointsConfig: TurnContext['endpointsConfig'] = {
  openAI: { order: 0, userProvide: false, userProvideURL: false },
  Mistral: { order: 1, type: 'custom', userProvide: true, userProvideURL: false },
};

/** The endpoint options of a new conversation's first request (message fields and identity left out). */
function sentOptions(setup: ChatSetup): Record<string, unknown> {
  const body = planAsk({ conversationId: 'new', messages: [], setup, endpointsConfig }, 'Hi', 'root')!.body;
  const { text, parentMessageId, messageId, conversationId, endpoint, endpointType, model, ...options } = body;
  return options;
}

const openAIDefaults = { temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0, resendFiles: true, imageDetail: 'auto' };

// Spec 000 §5/§9: the request carries the values the settings show, so the upstream never runs at
// its own defaults (Google's and OpenAI's temperature 1 where the panel says 0.2 or 0.8).
describe('the request sends the parameters the settings show', () => {
  it('openAI: every default, and what the user set instead of it', () => {
    expect(sentOptions({ endpoint: 'openAI', model: 'gpt-4o' })).toEqual(openAIDefaults);
    expect(sentOptions({ endpoint: 'openAI', model: 'gpt-4o', temperature: 0.4, top_p: null, imageDetail: 'high' })).toEqual({ ...openAIDefaults, temperature: 0.4, imageDetail: 'high' });
  });

  it('a custom endpoint: OpenAI’s set, with its name and type', () => {
    const body = planAsk({ conversationId: 'new', messages: [], setup: { endpoint: 'Mistral', model: 'mistral-small' }, endpointsConfig }, 'Hi', 'root')!.body;
    expect(body).toMatchObject({ endpoint: 'Mistral', endpointType: 'custom', ...openAIDefaults });
  });

  it('plugins: temperature .8 and no image detail; the agent options stay the user’s', () => {
    expect(sentOptions({ endpoint: 'gptPlugins', model: 'gpt-4o', tools: ['calculator'] })).toEqual({ temperature: 0.8, top_p: 1, frequency_penalty: 0, presence_penalty: 0, resendFiles: true, tools: ['calculator'] });
  });

  it('google: gemini models get 8192 output tokens, the older ones 1024', () => {
    expect(sentOptions({ endpoint: 'google', model: 'gemini-1.5-pro' })).toEqual({ temperature: 0.2, topP: 0.8, topK: 40, maxOutputTokens: 8192 });
    expect(sentOptions({ endpoint: 'google', model: 'chat-bison' })).toEqual({ temperature: 0.2, topP: 0.8, topK: 40, maxOutputTokens: 1024 });
    expect(sentOptions({ endpoint: 'google', model: 'chat-bison', maxOutputTokens: 2000 })).toMatchObject({ maxOutputTokens: 2000 });
  });

  it('anthropic: temperature 1, top_p .7, top_k 5, 4000 output tokens', () => {
    expect(sentOptions({ endpoint: 'anthropic', model: 'claude-3-5-sonnet' })).toEqual({ temperature: 1, topP: 0.7, topK: 5, maxOutputTokens: 4000, resendFiles: true });
  });

  it('never fills texts, examples or the optional maximum tokens, and sends them when set', () => {
    const unset = sentOptions({ endpoint: 'openAI', model: 'gpt-4o', promptPrefix: '', chatGptLabel: null });
    for (const key of ['promptPrefix', 'chatGptLabel', 'max_tokens']) expect(unset).not.toHaveProperty(key);
    expect(sentOptions({ endpoint: 'google', model: 'gemini-pro' })).not.toHaveProperty('examples');
    expect(sentOptions({ endpoint: 'openAI', model: 'gpt-4o', promptPrefix: 'Be brief', max_tokens: 200 })).toMatchObject({ promptPrefix: 'Be brief', max_tokens: 200 });
  });

  it('endpoints without parameters send none: assistants, Bing, ChatGPT’s backend', () => {
    expect(sentOptions({ endpoint: 'assistants', model: 'gpt-4o', assistant_id: 'asst_1' })).toEqual({ assistant_id: 'asst_1' });
    expect(sentOptions({ endpoint: 'bingAI', model: 'BingAI', toneStyle: 'creative' })).toEqual({ toneStyle: 'creative' });
    expect(sentOptions({ endpoint: 'chatGPTBrowser', model: 'text-davinci-002-render-sha' })).toEqual({});
  });

  it('regenerating and continuing send the same defaults as asking', () => {
    const u1 = message('u1', null, { text: 'Question' });
    const a1 = message('a1', 'u1', { text: 'Partial' });
    const context: TurnContext = { conversationId: 'c1', messages: [u1, a1], setup: { endpoint: 'google', model: 'gemini-pro' }, endpointsConfig };
    const expected = { temperature: 0.2, topP: 0.8, topK: 40, maxOutputTokens: 8192 };
    expect(planRegenerate(context, u1)!.body).toMatchObject(expected);
    expect(planContinue(context, a1, u1, 'Partial')!.body).toMatchObject(expected);
  });
});
