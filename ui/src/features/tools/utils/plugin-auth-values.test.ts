import { describe, expect, it } from 'vitest';
import { createLocalize } from '../../../lib/i18n/index.js';
import { enUS } from '../../../locales/en-US.js';
import { pluginAuthBody, pluginAuthErrors } from './plugin-auth-values.js';

const localize = createLocalize(enUS);
const fields = [
  { authField: 'GOOGLE_CSE_ID', label: 'Google CSE ID', description: '' },
  { authField: 'DALLE3_API_KEY||DALLE_API_KEY', label: 'OpenAI API Key', description: '' },
];

describe('pluginAuthErrors', () => {
  it("requires every field with the spec's message, then at least 10 characters", () => {
    expect(pluginAuthErrors(fields, {}, localize)).toEqual({
      GOOGLE_CSE_ID: 'Google CSE ID is required.',
      'DALLE3_API_KEY||DALLE_API_KEY': 'OpenAI API Key is required.',
    });
    expect(pluginAuthErrors(fields, { GOOGLE_CSE_ID: '   ', 'DALLE3_API_KEY||DALLE_API_KEY': 'sk-short' }, localize)).toEqual({
      GOOGLE_CSE_ID: 'Google CSE ID is required.',
      'DALLE3_API_KEY||DALLE_API_KEY': 'OpenAI API Key must be at least 10 characters long',
    });
  });

  it('accepts values of 10 characters or more, counted without surrounding spaces', () => {
    expect(pluginAuthErrors(fields, { GOOGLE_CSE_ID: '0123456789', 'DALLE3_API_KEY||DALLE_API_KEY': ' sk-0123456789 ' }, localize)).toEqual({});
    expect(pluginAuthErrors(fields, { GOOGLE_CSE_ID: ' 012345678 ', 'DALLE3_API_KEY||DALLE_API_KEY': 'sk-0123456789' }, localize)).toHaveProperty('GOOGLE_CSE_ID');
  });
});

describe('pluginAuthBody', () => {
  it('sends each field under its manifest name, trimmed', () => {
    expect(pluginAuthBody(fields, { GOOGLE_CSE_ID: ' cse-0123456789 ', 'DALLE3_API_KEY||DALLE_API_KEY': 'sk-0123456789', OTHER: 'x' })).toEqual({
      GOOGLE_CSE_ID: 'cse-0123456789',
      'DALLE3_API_KEY||DALLE_API_KEY': 'sk-0123456789',
    });
  });
});
