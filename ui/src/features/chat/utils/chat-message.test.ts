import { describe, expect, it } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { createdTime } from './chat-message.js';

describe('createdTime', () => {
  it('reads createdAt in milliseconds, 0 when unreadable', () => {
    expect(createdTime(message('a', null, { createdAt: '2024-05-01T10:00:00.000Z' }))).toBe(Date.parse('2024-05-01T10:00:00.000Z'));
    expect(createdTime(message('b', null, { createdAt: 'not a date' }))).toBe(0);
  });
});
