import { describe, expect, it } from 'vitest';
import { exportConversationRecord } from '../../../testing/export-fixtures.js';
import { exportOptions } from './export-options.js';

describe('exportOptions (LibreChat cleanupPreset)', () => {
  it('fills the endpoint schema defaults in order, then endpoint, an undefined endpointType and the title', () => {
    const options = exportOptions(exportConversationRecord);
    expect(Object.entries(options)).toEqual([
      ['presetId', null],
      ['model', 'gpt-4o'],
      ['chatGptLabel', null],
      ['promptPrefix', null],
      ['temperature', 0.5],
      ['top_p', 1],
      ['presence_penalty', 0],
      ['frequency_penalty', 0],
      ['resendFiles', true],
      ['imageDetail', 'auto'],
      ['endpoint', 'openAI'],
      ['endpointType', undefined],
      ['title', 'Trip plans'],
    ]);
  });

  it('parses a custom endpoint by its type and keeps the type', () => {
    const options = exportOptions({ endpoint: 'Mistral', endpointType: 'custom', model: 'mistral-small', title: 'x' });
    expect(options).toMatchObject({ model: 'mistral-small', top_p: 1, endpoint: 'Mistral', endpointType: 'custom' });
  });

  it('uses Anthropic and Google defaults, clamping Google output tokens', () => {
    expect(exportOptions({ endpoint: 'anthropic', title: 't' })).toMatchObject({ model: 'claude-1', maxOutputTokens: 4000, topP: 0.7, topK: 5 });
    expect(exportOptions({ endpoint: 'google', model: 'chat-bison', maxOutputTokens: 5000, title: 't' })).toMatchObject({ maxOutputTokens: 2048, topK: 40 });
    expect(exportOptions({ endpoint: 'google', model: 'gemini-pro', title: 't' })).toMatchObject({ maxOutputTokens: 8192 });
  });

  it('keeps only non-empty assistant fields', () => {
    expect(exportOptions({ endpoint: 'assistants', model: 'gpt-4', assistant_id: 'asst_1', instructions: null, promptPrefix: '', title: 'a' })).toEqual({
      presetId: null,
      model: 'gpt-4',
      assistant_id: 'asst_1',
      endpoint: 'assistants',
      endpointType: undefined,
      title: 'a',
    });
  });

  it('names the preset New Preset without a title and answers a null endpoint without one', () => {
    expect(exportOptions({ endpoint: 'openAI' }).title).toBe('New Preset');
    expect(exportOptions({ title: 'x' })).toEqual({ endpoint: null, presetId: null, title: 'x' });
  });
});
