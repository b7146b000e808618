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

  it("shows a capability's call in its own part, its images after it, and rewrites finished text parts", () => {
    const parts = createContentParts(ids);
    parts.addText('Running ');
    expect(parts.startToolCall({ id: 'call_code', type: 'code_interpreter', code_interpreter: { input: 'print(1)', outputs: [] }, progress: 0.01 })).toMatchObject({ index: 1, type: 'tool_call' });
    const done = { id: 'call_code', type: 'code_interpreter' as const, code_interpreter: { input: 'print(1)', outputs: [{ type: 'logs' as const, logs: '1' }] }, progress: 1 };
    expect(parts.finishToolCall(done)).toEqual({ ...ids, index: 1, type: 'tool_call', tool_call: done });
    expect(parts.finishToolCall({ ...done, id: 'call_unknown' })).toBeUndefined();
    const file = { file_id: 'f1', filepath: '/uploads/u/f1.png', filename: 'chart.png', object: 'file' as const, usage: 0, user: 'u', type: 'image/png', bytes: 70, source: 'local' as const, context: 'assistants_output', embedded: false, createdAt: '', updatedAt: '' };
    expect(parts.addImage(file)).toEqual({ ...ids, index: 2, type: 'image_file', image_file: file });
    parts.addText('see sandbox:/mnt/data/a.csv');
    const frames = parts.rewriteTexts((text) => ({ value: text.value.replace('sandbox:/mnt/data/a.csv', '/files/a.csv'), annotations: [] }));
    // Only the part that changed is sent again, its text as an object.
    expect(frames).toEqual([{ ...ids, index: 3, type: 'text', text: { value: 'see /files/a.csv', annotations: [] } }]);
    parts.startToolCall({ id: 'call_search', type: 'retrieval', retrieval: {}, progress: 0.01 });
    parts.fail('The provider failed');
    expect(parts.parts[4]).toEqual({ type: 'tool_call', tool_call: { id: 'call_search', type: 'retrieval', retrieval: {}, progress: 1 } });
    expect(parts.text).toBe('Running \n\nsee /files/a.csv');
  });
});
