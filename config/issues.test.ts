import { describe, expect, it } from 'vitest';
import { formatIssue, formatPath } from './issues.js';

describe('formatPath', () => {
  it('writes keys with dots and list items with brackets', () => {
    expect(formatPath(['endpoints', 'custom', 0, 'models', 'default', 1])).toBe('endpoints.custom[0].models.default[1]');
  });

  it('quotes keys a dot or a space would make ambiguous', () => {
    expect(formatPath(['groups', 0, 'models', 'gpt-3.5-turbo'])).toBe('groups[0].models["gpt-3.5-turbo"]');
    expect(formatPath(['fileConfig', 'endpoints', 'My Proxy'])).toBe('fileConfig.endpoints["My Proxy"]');
    expect(formatPath(['headers', 'X-Title'])).toBe('headers.X-Title');
  });

  it('formats one issue per line, naming the root when there is no path', () => {
    expect(formatIssue({ path: '', message: 'empty' })).toBe('(root): empty');
    expect(formatIssue({ path: 'cache', message: 'expected boolean' })).toBe('cache: expected boolean');
  });
});
