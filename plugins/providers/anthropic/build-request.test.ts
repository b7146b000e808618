import { describe, expect, it } from 'vitest';
import { allowsOneSamplerOnly } from './build-request.js';

describe('allowsOneSamplerOnly', () => {
  it.each(['claude-opus-4-1-20250805', 'claude-sonnet-4-5', 'claude-haiku-4-5-20251001', 'claude-opus-4-7', 'claude-sonnet-5'])('is true for %s', (model) => {
    expect(allowsOneSamplerOnly(model)).toBe(true);
  });

  it.each(['claude-sonnet-4-20250514', 'claude-opus-4-0', 'claude-3-7-sonnet-latest', 'claude-3-haiku-20240307'])('is false for %s', (model) => {
    expect(allowsOneSamplerOnly(model)).toBe(false);
  });
});
