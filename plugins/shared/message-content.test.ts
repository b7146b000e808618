import { describe, expect, it } from 'vitest';
import { contentParts, contentText, isBlankContent, toolInputJson, toolInputObject } from './message-content.js';

describe('message content', () => {
  it('reads text and parts alike', () => {
    expect(contentParts('Hi')).toEqual([{ type: 'text', text: 'Hi' }]);
    expect(contentParts('')).toEqual([]);
    expect(contentText([{ type: 'text', text: 'a' }, { type: 'image', url: 'u' }, { type: 'text', text: 'b' }])).toBe('ab');
  });

  it('calls blank only what has no text and no other part', () => {
    expect(isBlankContent('  ')).toBe(true);
    expect(isBlankContent([{ type: 'text', text: ' ' }])).toBe(true);
    expect(isBlankContent([{ type: 'image', url: 'u' }])).toBe(false);
    expect(isBlankContent([{ type: 'tool-call', id: 'c', name: 't', input: {} }])).toBe(false);
  });

  it('turns tool input into the object or JSON text each API wants, never throwing on bad JSON', () => {
    expect(toolInputObject('{"city":"Oslo"}')).toEqual({ city: 'Oslo' });
    expect(toolInputObject('{"city":')).toEqual({});
    expect(toolInputObject('[1]')).toEqual({});
    expect(toolInputObject({ a: 1 })).toEqual({ a: 1 });
    expect(toolInputJson({ a: 1 })).toBe('{"a":1}');
    expect(toolInputJson('{"a":1}')).toBe('{"a":1}');
    expect(toolInputJson(undefined)).toBe('{}');
  });
});
