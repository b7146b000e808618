import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.js';

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-0', 10, { start: 0, end: 0 }],
    ['bytes=3-', 10, { start: 3, end: 9 }],
    ['bytes=5-100', 10, { start: 5, end: 9 }],
    ['bytes=-4', 10, { start: 6, end: 9 }],
    ['bytes=-40', 10, { start: 0, end: 9 }],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=5-2', 10, null],
    ['bytes=0-1,4-5', 10, null],
    ['items=0-1', 10, null],
    [undefined, 10, null],
  ])('reads %j of a %i-byte file as %j', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});
