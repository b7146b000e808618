import { describe, expect, it } from 'vitest';
import { stripOperationPath } from './base-url.js';

describe('stripOperationPath', () => {
  it('cuts the operation path and query LibreChat lets a baseURL carry', () => {
    expect(stripOperationPath('https://m.eastus.inference.ai.azure.com/v1/chat/completions')).toBe('https://m.eastus.inference.ai.azure.com/v1');
    expect(stripOperationPath('https://x/openai/deployments/d/chat/completions?api-version=1')).toBe('https://x/openai/deployments/d');
    expect(stripOperationPath('https://api.example.com/v1/completions')).toBe('https://api.example.com/v1');
  });

  it('leaves a plain base URL alone but for a trailing slash', () => {
    expect(stripOperationPath('https://x/v1/')).toBe('https://x/v1');
    expect(stripOperationPath('http://127.0.0.1:11434/v1')).toBe('http://127.0.0.1:11434/v1');
  });
});
