import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './parse-sse.js';

function parseChunks(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return events;
}

const wire =
  'event: message\ndata: {"created":true}\n\n' +
  'event: message\ndata: {"message":true,"text":"Hel"}\n\n' +
  'event: error\ndata: {"error":true,"text":"boom"}\n\n';

describe('createSseParser', () => {
  it('dispatches named events with their data', () => {
    expect(parseChunks([wire])).toEqual([
      { event: 'message', data: '{"created":true}', id: undefined },
      { event: 'message', data: '{"message":true,"text":"Hel"}', id: undefined },
      { event: 'error', data: '{"error":true,"text":"boom"}', id: undefined },
    ]);
  });

  it('gives the same events however the bytes are split, down to one character per chunk', () => {
    const whole = parseChunks([wire]);
    expect(parseChunks(wire.split(''))).toEqual(whole);
    for (let cut = 1; cut < wire.length; cut += 7) {
      expect(parseChunks([wire.slice(0, cut), wire.slice(cut)])).toEqual(whole);
    }
  });

  it('accepts CRLF and CR line ends, even with CRLF split across chunks', () => {
    const crlf = wire.replaceAll('\n', '\r\n');
    expect(parseChunks([crlf])).toEqual(parseChunks([wire]));
    expect(parseChunks(crlf.split(''))).toEqual(parseChunks([wire]));
    expect(parseChunks([wire.replaceAll('\n', '\r')])).toEqual(parseChunks([wire]));
  });

  it('joins multi-line data, defaults the event name, skips comments and empty events', () => {
    const events = parseChunks([': keep-alive\n\ndata: line one\ndata:line two\nid: 7\nretry: 10\n\nevent: ping\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'line one\nline two', id: '7' }]);
  });

  it('delivers a last event that was not closed by a blank line', () => {
    expect(parseChunks(['data: {"final":true}'])).toEqual([{ event: 'message', data: '{"final":true}', id: undefined }]);
  });

  it('keeps a colon-free field name and only strips one leading space', () => {
    expect(parseChunks(['data\ndata:  two spaces\n\n'])).toEqual([{ event: 'message', data: '\n two spaces', id: undefined }]);
  });
});
