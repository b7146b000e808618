import { describe, expect, it } from 'vitest';
import { createContentParts, unfinishedToolOutput } from './content-parts.js';

const ids = { messageId: 'reply', conversationId: 'conversation', thread_id: 'thread_1' };

describe('createContentParts', () => {
  it('keeps text in the current text part, starts a new one after a call, and repeats the whole part', () => {
    const parts = createContentParts(ids);
    expect(parts.addText('Hel')).toEqual({ ...ids, index: 0, type: 'text', text: 'Hel', message: true, initial: true });
    expect(parts.addText('lo')).toMatchObject({ index: 0, text: 'Hello', initial: false });
    expect(parts.startCall({ id: 'call_1', name: 'calculator', input: '{}' })).toMatchObject({ index: 1, tool_call: { progress: 0.01, function: { output: null } } });
    expect(parts.addText('Done')).toMatchObject({ index: 2, text: 'Done', initial: true });
    expect(parts.finishCall('call_1', '42')).toMatchObject({ index: 1, tool_call: { progress: 1, function: { output: '42' } } });
    expect(parts.finishCall('call_unknown', 'x')).toBeUndefined();
    expect(parts.text).toBe('Hello\n\nDone');
  });

  it("ends a failed run with an error part, answering its unfinished calls with LibreChat's output", () => {
    const parts = createContentParts(ids);
    parts.startCall({ id: 'call_1', name: 'slow', input: '{}' });
    parts.fail('The provider failed');
    expect(parts.parts).toEqual([
      { type: 'tool_call', tool_call: { id: 'call_1', type: 'function', function: { name: 'slow', arguments: '{}', output: unfinishedToolOutput }, progress: 1 } },
      { type: 'error', text: { value: 'The provider failed' } },
    ]);
    expect(parts.text).toBe('');
  });
});
