import { describe, expect, it } from 'vitest';
import { resolveFileLimits } from './file-limits.js';
import { checkMessageFileCount } from './message-file-limit.js';

const files = (count: number) => Array.from({ length: count }, (_, index) => ({ file_id: `file-${index}` }));
const limits = resolveFileLimits({ endpoints: { default: { fileLimit: 3 }, custom: { fileLimit: 2 }, Groq: { fileLimit: 1 }, google: { disabled: true } } }, () => {});

describe('checkMessageFileCount', () => {
  it('lets a message carry up to its endpoint fileLimit (distinct ids), and none at all always', () => {
    expect(() => checkMessageFileCount(limits, { name: 'openAI', kind: 'openAI' }, files(3))).not.toThrow();
    expect(() => checkMessageFileCount(limits, { name: 'openAI', kind: 'openAI' }, [...files(3), { file_id: 'file-0' }])).not.toThrow();
    expect(() => checkMessageFileCount(limits, { name: 'google', kind: 'google' }, [])).not.toThrow();
    expect(() => checkMessageFileCount(limits, { name: 'google', kind: 'google' }, null)).not.toThrow();
  });

  it('refuses more with the spec text, by the endpoint name, else its kind, else default', () => {
    expect(() => checkMessageFileCount(limits, { name: 'openAI', kind: 'openAI' }, files(4))).toThrow('You can only upload up to 3 files at a time.');
    expect(() => checkMessageFileCount(limits, { name: 'Groq', kind: 'custom' }, files(2))).toThrow('You can only upload up to 1 files at a time.');
    expect(() => checkMessageFileCount(limits, { name: 'Mistral', kind: 'custom' }, files(3))).toThrow('You can only upload up to 2 files at a time.');
    expect(() => checkMessageFileCount(limits, { name: 'google', kind: 'google' }, files(1))).toThrow(expect.objectContaining({ status: 400, code: 'validation_error' }));
  });

  it('holds the spec default of 10 without a fileConfig', () => {
    const defaults = resolveFileLimits(undefined, () => {});
    expect(() => checkMessageFileCount(defaults, { name: 'openAI', kind: 'openAI' }, files(10))).not.toThrow();
    expect(() => checkMessageFileCount(defaults, { name: 'openAI', kind: 'openAI' }, files(11))).toThrow('You can only upload up to 10 files at a time.');
  });
});
