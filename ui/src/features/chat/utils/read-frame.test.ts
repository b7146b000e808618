import { describe, expect, it } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { readFrame } from './read-frame.js';

const messageEvent = (data: unknown) => ({ event: 'message', data: JSON.stringify(data) });
const progress = { message: true, text: 'Hel', initial: true, messageId: 'a1', parentMessageId: 'u1', conversationId: 'c1', sender: 'ChatGPT' };

describe('readFrame', () => {
  it('reads created, progress and final frames with the protocol schema', () => {
    const u1 = message('u1', null);
    expect(readFrame(messageEvent({ created: true, message: u1 }))).toEqual({ kind: 'frame', frame: { created: true, message: u1 } });
    expect(readFrame(messageEvent(progress))).toEqual({ kind: 'frame', frame: progress });
    const final = readFrame(messageEvent({ final: true, conversation: { conversationId: 'c1' }, title: 'New Chat', requestMessage: u1, responseMessage: message('a1', 'u1') }));
    expect(final).toMatchObject({ kind: 'frame', frame: { final: true, title: 'New Chat', responseMessage: { messageId: 'a1' } } });
  });

  it('reads a progress frame of a turn with tools (its `plugins` runs) as text progress like any other', () => {
    const plugins = [{ runId: 'call_1', latest: 'calculator', inputs: ['{"input":"6*7"}'], outputs: 'error processing tool calculator: boom', loading: false, error: true }];
    const read = readFrame(messageEvent({ ...progress, plugins }));
    expect(read).toEqual({ kind: 'frame', frame: { ...progress, plugins } });
  });

  it('reads the keep-alive and a content part as frames (not text progress), and ignores what is no frame at all', () => {
    expect(readFrame(messageEvent({ keepAlive: true }))).toEqual({ kind: 'frame', frame: { keepAlive: true } });
    const part = readFrame(messageEvent({ type: 'text', index: 0, text: 'Hel', message: true, messageId: 'a1', conversationId: 'c1' }));
    expect(part.kind === 'frame' && 'type' in part.frame).toBe(true);
    expect(readFrame({ event: 'message', data: 'not json' })).toEqual({ kind: 'ignored' });
    expect(readFrame(messageEvent({ message: true }))).toEqual({ kind: 'ignored' });
  });

  it('reads an error event: its message fields, null for JSON that is no object, undefined without data', () => {
    const error = readFrame({ event: 'error', data: JSON.stringify({ text: '{"type":"concurrent","limit":2}', error: true, final: true, messageId: 'x1', conversationId: 'c1' }) });
    expect(error).toEqual({ kind: 'error', error: { text: '{"type":"concurrent","limit":2}', error: true, final: true, messageId: 'x1', conversationId: 'c1' } });
    expect(readFrame({ event: 'error', data: '<html>Bad gateway</html>' })).toEqual({ kind: 'error', error: null });
    expect(readFrame({ event: 'error', data: '42' })).toEqual({ kind: 'error', error: null });
    expect(readFrame({ event: 'error', data: '' })).toEqual({ kind: 'error', error: undefined });
    expect(readFrame({ event: 'error', data: JSON.stringify({ message: 'Illegal request' }) })).toEqual({ kind: 'error', error: { message: 'Illegal request' } });
  });
});
