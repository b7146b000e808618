import { describe, expect, it } from 'vitest';
import { titleToSave } from './rename.js';

describe('titleToSave', () => {
  it('saves a changed title, trimmed', () => {
    expect(titleToSave('Old', '  New title ')).toBe('New title');
  });

  it.each([
    ['unchanged', 'Same', 'Same'],
    ['unchanged but for spaces', 'Same', '  Same  '],
    ['emptied', 'Title', '   '],
  ])('does nothing when %s', (_, original, edited) => {
    expect(titleToSave(original, edited)).toBeNull();
  });
});
