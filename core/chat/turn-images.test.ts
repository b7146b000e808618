import { describe, expect, it } from 'vitest';
import { imageTokens, isImageFile, isVisionModel, modelForImages, resendsFiles } from './turn-images.js';

describe('isVisionModel', () => {
  it('follows LibreChat\'s list (and the vision families since)', () => {
    for (const model of ['gpt-4-vision-preview', 'gpt-4-turbo', 'gpt-4o-mini', 'claude-3-5-haiku-latest', 'claude-sonnet-4-20250514', 'gemini-1.5-flash', 'gemini-pro-vision', 'llava-13b']) {
      expect(isVisionModel(model), model).toBe(true);
    }
    for (const model of ['gpt-4-turbo-preview', 'gpt-3.5-turbo', 'gpt-4', 'claude-2.1', 'gemini-pro', 'o1-mini', 'mistral-large']) {
      expect(isVisionModel(model), model).toBe(false);
    }
  });
});

describe('modelForImages', () => {
  it('keeps a vision model, else switches to the endpoint\'s default vision model only when it is offered', () => {
    expect(modelForImages('gpt-4o', { name: 'openAI' }, ['gpt-4o'])).toBe('gpt-4o');
    expect(modelForImages('gpt-3.5-turbo', { name: 'openAI' }, ['gpt-3.5-turbo', 'gpt-4-vision-preview'])).toBe('gpt-4-vision-preview');
    expect(modelForImages('claude-2.1', { name: 'anthropic' }, ['claude-2.1', 'claude-3-sonnet-20240229'])).toBe('claude-3-sonnet-20240229');
    expect(modelForImages('mistral', { name: 'Local', type: 'custom' }, ['mistral', 'gpt-4-vision-preview'])).toBe('gpt-4-vision-preview');
    expect(modelForImages('gpt-3.5-turbo', { name: 'openAI' }, ['gpt-3.5-turbo'])).toBeNull();
  });
});

describe('imageTokens', () => {
  it('costs 85 at low detail, else 170 per 512-px tile plus 85; Anthropic w·h/750', () => {
    expect(imageTokens({ width: 1024, height: 768 }, { detail: 'low', anthropic: false })).toBe(85);
    expect(imageTokens({ width: 1024, height: 768 }, { detail: 'high', anthropic: false })).toBe(2 * 2 * 170 + 85);
    expect(imageTokens({ width: 512, height: 512 }, { detail: 'auto', anthropic: false })).toBe(170 + 85);
    expect(imageTokens({ width: 1000, height: 750 }, { detail: 'auto', anthropic: true })).toBe(1000);
  });
});

describe('resendsFiles and isImageFile', () => {
  it('re-sends by default except on Google, and the conversation\'s option wins', () => {
    expect(resendsFiles(undefined, 'openAI')).toBe(true);
    expect(resendsFiles(null, 'anthropic')).toBe(true);
    expect(resendsFiles(undefined, 'google')).toBe(false);
    expect(resendsFiles(false, 'openAI')).toBe(false);
    expect(resendsFiles(true, 'google')).toBe(true);
  });

  it('sees an image only in a raster type with measured sides', () => {
    expect(isImageFile({ type: 'image/png', width: 10, height: 10 })).toBe(true);
    expect(isImageFile({ type: 'image/svg+xml', width: 10, height: 10 })).toBe(false);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: 'image/png', width: null, height: null })).toBe(false);
  });
});
