import { describe, expect, it } from 'vitest';
import { toFunctionParameters, toGeminiSchema } from './tool-schema.js';

describe('Gemini tool schema', () => {
  it('keeps the keywords Gemini knows, nested, and drops the rest', () => {
    const parameters = toFunctionParameters({
      type: 'object',
      additionalProperties: false,
      properties: {
        tags: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Tags' },
        limit: { type: ['integer', 'null'] },
        options: { type: 'object', properties: { exact: { type: 'boolean' } }, required: ['exact'] },
        score: { type: 'number', exclusiveMinimum: 0 },
      },
      required: ['tags'],
    });
    expect(parameters).toEqual({
      type: 'object',
      properties: {
        tags: { type: 'array', description: 'Tags', items: { type: 'string' } },
        limit: { type: 'integer', nullable: true },
        options: { type: 'object', properties: { exact: { type: 'boolean' } }, required: ['exact'] },
        score: { type: 'number' },
      },
      required: ['tags'],
    });
  });

  it('treats a schema without a type as a string', () => {
    expect(toGeminiSchema({ description: 'anything' })).toEqual({ type: 'string', description: 'anything' });
  });
});
