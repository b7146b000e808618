import { describe, expect, it } from 'vitest';
import { ChatboxError } from '../errors/index.js';
import type { ChatPart } from '../plugin-api/index.js';
import { progressFrameSchema } from '../protocol/stream-frames.js';
import { createReplyAccumulator } from './reply-accumulator.js';

const ids = { messageId: 'a1', parentMessageId: 'u1', conversationId: 'c1', sender: 'GPT-4' };
const accumulate = (generation = '') => createReplyAccumulator({ generation, ids, usedUserKey: false });
const text = (value: string): ChatPart => ({ type: 'text-delta', text: value });

describe('createReplyAccumulator', () => {
  it('turns text deltas into cumulative progress frames, initial only on the first', () => {
    const reply = accumulate();
    const frames = [text('Once'), text(' upon'), text(' a time')].map((part) => reply.add(part, false));
    expect(frames).toEqual([
      { message: true, text: 'Once', initial: true, ...ids },
      { message: true, text: 'Once upon', initial: false, ...ids },
      { message: true, text: 'Once upon a time', initial: false, ...ids },
    ]);
    // Key order is the wire's: LibreChat's client is indifferent, but the bytes stay as they were.
    expect(Object.keys(frames[0]!)).toEqual(['message', 'text', 'initial', 'messageId', 'parentMessageId', 'conversationId', 'sender']);
    for (const frame of frames) expect(progressFrameSchema.safeParse(frame).success).toBe(true);
    reply.streamEnded(false);
    expect(reply.outcome()).toEqual({ kind: 'reply', text: 'Once upon a time', finishReason: 'stop', cut: false });
  });

  it('continues from the generation: the first frame carries the old text plus the new', () => {
    const reply = accumulate('Once upon');
    expect(reply.add(text(' a time'), false)?.text).toBe('Once upon a time');
    expect(reply.outcome()).toMatchObject({ kind: 'reply', text: 'Once upon a time' });
  });

  it('keeps usage and the finish reason, and sends no frame for them, for reasoning or for parts it does not know', () => {
    const reply = accumulate();
    const silent: ChatPart[] = [
      { type: 'reasoning-delta', id: 'reasoning-0', text: 'thinking' },
      { type: 'tool-call', id: 't1', name: 'calculator', input: '{}' },
      { type: 'finish', finishReason: 'length', usage: { promptTokens: 12, completionTokens: 3 } },
    ];
    reply.add(text('Hi'), false);
    for (const part of silent) expect(reply.add(part, false)).toBeUndefined();
    // A part type from a newer contract (the stream parts gain ids and tool input): ignored, not a crash.
    const future = JSON.parse('{"type":"tool-input-start","id":"t2","name":"search"}');
    expect(reply.add(future, false)).toBeUndefined();
    expect(reply.usage).toEqual({ promptTokens: 12, completionTokens: 3 });
    expect(reply.outcome()).toEqual({ kind: 'reply', text: 'Hi', finishReason: 'length', cut: false });
  });

  it('a stop is not a failure: an aborted error part, or a stream ending after a stop, cuts the reply as incomplete', () => {
    const aborted = accumulate();
    aborted.add(text('Half'), false);
    aborted.add({ type: 'error', error: { kind: 'aborted', message: 'aborted', isRetryable: false } }, false);
    expect(aborted.outcome()).toEqual({ kind: 'reply', text: 'Half', finishReason: 'incomplete', cut: true });

    const connectionLostAfterStop = accumulate();
    connectionLostAfterStop.add(text('Half'), false);
    connectionLostAfterStop.add({ type: 'error', error: { kind: 'connection', message: 'socket closed', isRetryable: true } }, true);
    expect(connectionLostAfterStop.failure).toBeUndefined();
    expect(connectionLostAfterStop.outcome()).toMatchObject({ finishReason: 'incomplete', cut: true });

    const stopped = accumulate();
    stopped.add(text('Half'), false);
    stopped.add({ type: 'finish', finishReason: 'stop' }, false);
    stopped.streamEnded(true);
    expect(stopped.outcome()).toEqual({ kind: 'reply', text: 'Half', finishReason: 'incomplete', cut: true });
  });

  it('a failure before any text is the reply; after some text, the text is kept as incomplete', () => {
    const early = accumulate();
    early.add({ type: 'error', error: { kind: 'invalid_api_key', message: 'bad key', statusCode: 401, isRetryable: false } }, false);
    const outcome = early.outcome();
    expect(outcome.kind).toBe('failed');
    if (outcome.kind === 'failed') expect(outcome.failure.code).toBe('invalid_api_key');

    const late = accumulate();
    late.add(text('Some text'), false);
    late.add({ type: 'error', error: { kind: 'server_error', message: 'upstream 500', statusCode: 500, isRetryable: true } }, false);
    expect(late.failure?.code).toBe('provider_error');
    expect(late.outcome()).toEqual({ kind: 'reply', text: 'Some text', finishReason: 'incomplete', cut: true });
  });

  it('a rejected key is the user\'s to fix when the turn used their key', () => {
    const reply = createReplyAccumulator({ generation: '', ids, usedUserKey: true });
    reply.add({ type: 'error', error: { kind: 'invalid_api_key', message: 'bad key', isRetryable: false } }, false);
    expect(reply.failure?.code).toBe('invalid_user_key');
  });

  it('a failure from outside the parts (the watchdog) wins over an earlier one', () => {
    const reply = accumulate();
    reply.add({ type: 'error', error: { kind: 'server_error', message: 'upstream 500', isRetryable: true } }, false);
    reply.fail(new ChatboxError('provider_error', 'The model provider sent nothing for 120 s'));
    const outcome = reply.outcome();
    expect(outcome.kind === 'failed' && outcome.failure.message).toBe('The model provider sent nothing for 120 s');
  });
});
