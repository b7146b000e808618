import { describe, expect, it } from 'vitest';
import { formatMegabytes, isValidAvatar } from './avatar-validation.js';

const MB = 1024 * 1024;

describe('avatar validation', () => {
  it('takes PNG and JPEG within the size limit', () => {
    expect(isValidAvatar({ type: 'image/png', size: MB }, 2 * MB)).toBe(true);
    expect(isValidAvatar({ type: 'image/jpeg', size: 2 * MB }, 2 * MB)).toBe(true);
  });

  it('refuses other types, empty files and files over the limit', () => {
    expect(isValidAvatar({ type: 'image/gif', size: 10 }, 2 * MB)).toBe(false);
    expect(isValidAvatar({ type: 'image/webp', size: 10 }, 2 * MB)).toBe(false);
    expect(isValidAvatar({ type: 'application/pdf', size: 10 }, 2 * MB)).toBe(false);
    expect(isValidAvatar({ type: 'image/png', size: 0 }, 2 * MB)).toBe(false);
    expect(isValidAvatar({ type: 'image/png', size: 2 * MB + 1 }, 2 * MB)).toBe(false);
  });

  it('states the limit in megabytes', () => {
    expect(formatMegabytes(2 * MB)).toBe('2');
    expect(formatMegabytes(1.5 * MB)).toBe('1.5');
    expect(formatMegabytes(500 * 1024)).toBe('0.49');
  });
});
