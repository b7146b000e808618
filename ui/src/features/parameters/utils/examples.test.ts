import { describe, expect, it } from 'vitest';
import { addExample, emptyExample, examplesForDisplay, removeExample, updateExample } from './examples.js';

const pair = (input: string, output: string) => ({ input: { content: input }, output: { content: output } });

describe('examples list (spec 000 §5)', () => {
  it('always shows at least one pair', () => {
    expect(examplesForDisplay(undefined)).toEqual([emptyExample()]);
    expect(examplesForDisplay([])).toEqual([emptyExample()]);
  });

  it('removing the only pair resets it to empty', () => {
    expect(removeExample([pair('hi', 'hello')], 0)).toEqual([emptyExample()]);
    expect(removeExample(undefined, 0)).toEqual([emptyExample()]);
  });

  it('removes one of several, adds an empty one, edits one side', () => {
    expect(removeExample([pair('a', '1'), pair('b', '2')], 0)).toEqual([pair('b', '2')]);
    expect(addExample([pair('a', '1')])).toEqual([pair('a', '1'), emptyExample()]);
    expect(addExample(undefined)).toEqual([emptyExample(), emptyExample()]);
    expect(updateExample([pair('a', '1')], 0, 'output', '2')).toEqual([pair('a', '2')]);
  });
});
