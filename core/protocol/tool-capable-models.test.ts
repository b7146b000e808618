import { describe, expect, it } from 'vitest';
import { canCallTools } from './tool-capable-models.js';

describe('canCallTools', () => {
  it.each(['gpt-4o-mini', 'gpt-4.1', 'o3-mini', 'claude-3-5-haiku-latest', 'claude-sonnet-4-5', 'gemini-2.0-flash', 'llama3.1', 'mistral-large', 'deepseek-chat'])('offers tools to %s', (model) => {
    expect(canCallTools(model)).toBe(true);
  });

  it.each(['gpt-3.5-turbo-instruct', 'o1-mini', 'o1-preview-2024-09-12', 'gpt-4o-search-preview', 'chatgpt-4o-latest', 'claude-2.1', 'claude-instant-1.2', 'gemini-pro-vision', 'chat-bison-001', 'gemma-3-27b-it', 'Text-Davinci-003'])('refuses tools for %s', (model) => {
    expect(canCallTools(model)).toBe(false);
  });
});
