import type { PresetDto } from '@protocol';
import { presetRequestSchema } from '@protocol';
import { describe, expect, it } from 'vitest';
import { parsePresetFile, presetFileName, presetForExport } from './preset-file.js';

const stored: PresetDto = {
  presetId: 'p1',
  user: 'u1',
  title: 'Careful writer',
  defaultPreset: true,
  order: 2,
  endpoint: 'google',
  endpointType: null,
  model: 'gemini-2.0-flash',
  modelLabel: 'Writer',
  promptPrefix: 'Be careful.',
  temperature: 0.3,
  maxOutputTokens: 4000,
  examples: [{ input: { content: 'Hi' }, output: { content: 'Hello!' } }],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
};

describe('preset files', () => {
  it('exports the title, endpoint and options, without identity or nulls', () => {
    expect(presetForExport(stored)).toEqual({
      title: 'Careful writer',
      endpoint: 'google',
      model: 'gemini-2.0-flash',
      modelLabel: 'Writer',
      promptPrefix: 'Be careful.',
      temperature: 0.3,
      maxOutputTokens: 4000,
      examples: [{ input: { content: 'Hi' }, output: { content: 'Hello!' } }],
    });
  });

  it('round-trips: an exported file parses back to an import the server schema accepts unchanged', () => {
    const file = JSON.stringify(presetForExport(stored), null, 2);
    const parsed = parsePresetFile(presetFileName(stored.title), file);
    expect(parsed).toEqual(presetForExport(stored));
    expect(presetRequestSchema.parse(parsed)).toEqual(presetForExport(stored));
  });

  it('accepts a list of presets', () => {
    expect(parsePresetFile('all.json', JSON.stringify([{ title: 'a' }, { title: 'b' }]))).toEqual([{ title: 'a' }, { title: 'b' }]);
  });

  it.each([
    ['not JSON', 'presets.json', '{ "title": '],
    ['not a .json file', 'presets.txt', '{"title":"x"}'],
    ['a bare string', 'presets.json', '"hello"'],
    ['an empty list', 'presets.json', '[]'],
    ['a list with a non-object', 'presets.json', '[{"title":"a"}, 3]'],
  ])('refuses %s', (_, name, text) => {
    expect(parsePresetFile(name, text)).toBeNull();
  });

  it('names the file after the title, without characters file systems refuse', () => {
    expect(presetFileName('My Preset')).toBe('My Preset.json');
    expect(presetFileName('a/b:c?')).toBe('abc.json');
    expect(presetFileName('///')).toBe('preset.json');
  });
});
