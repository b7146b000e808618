import { describe, expect, it } from 'vitest';
import { validateConfig } from '../validate.js';

const check = (modelSpecs: unknown, extra: Record<string, unknown> = {}) => validateConfig({ version: '1.0.6', modelSpecs, ...extra }, {});

const notes = {
  name: 'meeting-notes',
  label: 'Meeting notes',
  default: true,
  description: 'Paste a transcript, get the notes.',
  iconURL: 'https://example.com/notes.png',
  preset: { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.2, promptPrefix: 'Write meeting notes.' },
};

describe('modelSpecs', () => {
  it('keeps every spec field and fills enforce and prioritize with their defaults', () => {
    const { config, errors, warnings } = check({ list: [notes] });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(config?.modelSpecs).toEqual({ enforce: false, prioritize: true, list: [notes] });
  });

  it('is absent when the file has none', () => {
    expect(validateConfig({ version: '1.0.6' }, {}).config?.modelSpecs).toBeUndefined();
  });

  it('reports a missing list, label and preset endpoint with their paths', () => {
    expect(check({ enforce: true }).errors).toEqual([{ path: 'modelSpecs.list', message: expect.stringMatching(/^required/) }]);
    const { errors } = check({ list: [{ name: 'x', preset: { model: 'gpt-4o' } }] });
    expect(errors.map((error) => error.path)).toEqual(['modelSpecs.list[0].label', 'modelSpecs.list[0].preset.endpoint']);
  });

  it('refuses an empty list', () => {
    expect(check({ list: [] }).errors).toEqual([{ path: 'modelSpecs.list', message: 'modelSpecs.list needs at least one spec' }]);
  });

  it('checks preset options with the ranges of a saved preset', () => {
    const { errors } = check({ list: [{ ...notes, preset: { endpoint: 'openAI', temperature: 3 } }] });
    expect(errors).toEqual([{ path: 'modelSpecs.list[0].preset.temperature', message: 'temperature must be between 0 and 2' }]);
  });

  it('refuses duplicate names and a second default, and still reports the other problems', () => {
    const { errors } = check({ enforce: 'yes', list: [notes, { ...notes, label: 'Copy' }] });
    expect(errors).toEqual([
      { path: 'modelSpecs.enforce', message: expect.stringContaining('boolean') },
      { path: 'modelSpecs.list[1].name', message: 'duplicate model spec name "meeting-notes"' },
      { path: 'modelSpecs.list[1].default', message: 'only one model spec can be the default' },
    ]);
  });

  it('lists LibreChat keys chatbox does not act on, in a spec and in its preset, as ignored, and drops them', () => {
    const { config, errors, warnings, ignored } = check({ addedEndpoints: ['openAI'], list: [{ ...notes, authType: 'system_defined', preset: { ...notes.preset, web_search: true } }] });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(ignored).toEqual(expect.arrayContaining([
      { section: 'modelSpecs', keys: ['addedEndpoints'] },
      { section: 'modelSpecs.list', keys: ['authType'] },
      { section: 'modelSpecs.list.preset', keys: ['web_search'] },
    ]));
    expect(config?.modelSpecs?.list[0]).toEqual(notes);
  });
});

describe('interface switches', () => {
  it('accepts every switch chatbox honours and the custom welcome', () => {
    const settings = { endpointsMenu: false, modelSelect: true, parameters: false, sidePanel: false, presets: false, customWelcome: 'Hi {{user.name}}' };
    const { config, errors } = validateConfig({ version: '1.0.6', interface: settings }, {});
    expect(errors).toEqual([]);
    expect(config?.interface).toEqual(settings);
  });

  it('reports a switch that is not true or false', () => {
    const { errors } = validateConfig({ version: '1.0.6', interface: { sidePanel: 'off' } }, {});
    expect(errors).toEqual([{ path: 'interface.sidePanel', message: expect.stringContaining('boolean') }]);
  });
});
