import { describe, expect, it } from 'vitest';
import { toolAvailability } from './tool-availability.js';

describe('toolAvailability', () => {
  it('offers tools on every chat endpoint whose model can call them', () => {
    for (const kind of ['openAI', 'azureOpenAI', 'gptPlugins', 'anthropic', 'google', 'custom']) expect(toolAvailability(kind, 'some-model')).toBe('available');
    expect(toolAvailability('anthropic', 'claude-3-5-haiku-latest')).toBe('available');
    expect(toolAvailability('openAI', undefined)).toBe('available');
  });

  it('says when the model cannot call tools, and offers nothing on endpoints that are no chat', () => {
    expect(toolAvailability('gptPlugins', 'gpt-3.5-turbo-instruct')).toBe('unsupported');
    expect(toolAvailability('anthropic', 'claude-2.1')).toBe('unsupported');
    expect(toolAvailability('google', 'chat-bison')).toBe('unsupported');
    expect(toolAvailability('assistants', 'gpt-4o')).toBe('none');
    expect(toolAvailability('bingAI', 'gpt-4o')).toBe('none');
    expect(toolAvailability('', 'gpt-4o')).toBe('none');
  });
});
