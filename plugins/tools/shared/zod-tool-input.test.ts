import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { guardedToolContext } from '../../../testing/fake-tool-services/tool-test-context.js';
import { defineZodTool } from './zod-tool-input.js';

const manifest = { displayName: 'Echo', summary: 'Echoes its input.', icon: '/assets/tools/echo.svg', credentials: [] };

const echo = defineZodTool({
  name: 'echo',
  manifest,
  description: 'Echoes a word a number of times.',
  input: z.object({ word: z.string().min(1).describe('The word.'), times: z.number().int().min(1).default(2) }),
  async execute({ word, times }) {
    return [{ type: 'text', text: Array.from({ length: times }, () => word).join(' ') }];
  },
});

describe('defineZodTool', () => {
  it('shows the model the schema as an input (a field with a default is optional), without the dialect', () => {
    expect(echo.inputSchema).toEqual({
      type: 'object',
      properties: { word: { type: 'string', minLength: 1, description: 'The word.' }, times: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 2 } },
      required: ['word'],
    });
    expect(echo).toMatchObject({ name: 'echo', manifest, description: 'Echoes a word a number of times.' });
  });

  it('hands execute the parsed input, defaults filled in', async () => {
    expect(await echo.execute({ word: 'hi' }, guardedToolContext([]))).toEqual([{ type: 'text', text: 'hi hi' }]);
  });

  it('refuses input of another shape with a readable error naming each field', async () => {
    await expect(echo.execute({ word: '', times: 0 }, guardedToolContext([]))).rejects.toThrow(/^invalid input: word .+; times .+/);
  });
});
