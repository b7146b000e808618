import { describe, expect, it } from 'vitest';
import { ToolInputStreams } from './tool-input-streams.js';

describe('ToolInputStreams', () => {
  it('streams a call as start, deltas, end and the whole call, skipping empty fragments', () => {
    const streams = new ToolInputStreams();
    const parts = [...streams.start(0, 'c1', 'clock'), ...streams.append(0, ''), ...streams.append(0, '{"tz":'), ...streams.append(0, '"UTC"}'), ...streams.end(0)];
    expect(parts).toEqual([
      { type: 'tool-input-start', id: 'c1', name: 'clock' },
      { type: 'tool-input-delta', id: 'c1', delta: '{"tz":' },
      { type: 'tool-input-delta', id: 'c1', delta: '"UTC"}' },
      { type: 'tool-input-end', id: 'c1' },
      { type: 'tool-call', id: 'c1', name: 'clock', input: '{"tz":"UTC"}' },
    ]);
    expect(streams.has(0)).toBe(false);
  });

  it('reports a call without input as {}, ignores unknown keys, and closes open calls in opening order', () => {
    const streams = new ToolInputStreams();
    streams.start(2, 'b', 'second');
    streams.start(1, 'a', 'first');
    expect(streams.append(9, 'x')).toEqual([]);
    expect(streams.end(9)).toEqual([]);
    expect(streams.endAll().filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'b', name: 'second', input: '{}' },
      { type: 'tool-call', id: 'a', name: 'first', input: '{}' },
    ]);
  });

  it('streams a call that arrived whole as one delta', () => {
    expect(new ToolInputStreams().whole('g1', 'search', '{"q":"x"}').map((part) => part.type)).toEqual(['tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call']);
  });
});
