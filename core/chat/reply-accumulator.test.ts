import { describe, expect, it } from 'vitest';
import { ChatboxError } from '../errors/index.js';
import type { ChatPart } from '../plugin-api/index.js';
import { messageFrameSchema, progressFrameSchema, toolRunSchema } from '../protocol/stream-frames.js';
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

  it('keeps the steps of an agent loop apart: the calls, text and usage of each step, the text of the reply as paragraphs', () => {
    const reply = accumulate();
    reply.add(text('Let me check.'), false);
    reply.add({ type: 'tool-call', id: 't1', name: 'calculator', input: '{"input":"6*7"}' }, false);
    reply.add({ type: 'finish', finishReason: 'tool_calls', usage: { promptTokens: 10, completionTokens: 5 } }, false);
    expect(reply.toolCalls).toEqual([{ type: 'tool-call', id: 't1', name: 'calculator', input: '{"input":"6*7"}' }]);
    expect(reply.stepText).toBe('Let me check.');
    expect(reply.usage).toEqual({ promptTokens: 10, completionTokens: 5 });

    const running = reply.toolRun({ runId: 't1', latest: 'calculator', inputs: ['{"input":"6*7"}'], outputs: null, loading: true });
    expect(running.plugins).toEqual([{ runId: 't1', latest: 'calculator', inputs: ['{"input":"6*7"}'], outputs: null, loading: true }]);
    const done = reply.toolRun({ runId: 't1', latest: 'calculator', inputs: ['{"input":"6*7"}'], outputs: '42', loading: false });
    expect(done.plugins).toEqual([{ runId: 't1', latest: 'calculator', inputs: ['{"input":"6*7"}'], outputs: '42', loading: false }]);
    // The frame sent earlier keeps what it said: the runs are copied into each frame.
    expect(running.plugins![0]!.loading).toBe(true);
    for (const frame of [running, done]) expect(messageFrameSchema.safeParse(frame).success).toBe(true);
    expect(reply.toolRuns.every((run) => toolRunSchema.safeParse(run).success)).toBe(true);

    reply.startStep();
    expect([reply.toolCalls, reply.stepText, reply.usage]).toEqual([[], '', undefined]);
    const next = reply.add(text('It is 42.'), false);
    expect(next).toMatchObject({ text: 'Let me check.\n\nIt is 42.', plugins: [{ runId: 't1', outputs: '42' }] });
    expect(reply.stepText).toBe('It is 42.');
    reply.add({ type: 'finish', finishReason: 'stop' }, false);
    expect(reply.outcome()).toEqual({ kind: 'reply', text: 'Let me check.\n\nIt is 42.', finishReason: 'stop', cut: false });
  });

  it('adds a note as its own paragraph, and none before a reply that has no text yet', () => {
    const reply = accumulate();
    expect(reply.note('_limit reached_').text).toBe('_limit reached_');
    const written = accumulate();
    written.add(text('Working'), false);
    expect(written.note('_limit reached_').text).toBe('Working\n\n_limit reached_');
  });

  describe('for the plugins endpoint', () => {
    const run = { runId: 'r1', latest: 'calculator', inputs: ['{"input":"6*7"}'], outputs: null, loading: true };
    const plugins = () => createReplyAccumulator({ generation: '', ids, usedUserKey: false, pluginMarkers: true });

    it('adds the :::plugin::: marker once per run, when it starts, and starts the next step right after it', () => {
      const reply = plugins();
      reply.add(text('Let me see.'), false);
      expect(reply.toolRun(run)).toMatchObject({ text: 'Let me see.:::plugin:::\n', plugins: [run] });
      expect(reply.toolRun({ ...run, outputs: '42', loading: false })).toMatchObject({ text: 'Let me see.:::plugin:::\n', plugins: [{ ...run, outputs: '42', loading: false }] });
      reply.startStep();
      expect(reply.add(text('It is 42.'), false)?.text).toBe('Let me see.:::plugin:::\nIt is 42.');
    });

    it('keeps hidden model text out of the reply and its frames, in stepText only, and adds the answer after the markers', () => {
      const reply = plugins();
      reply.showModelText(false);
      expect(reply.add(text('Thought: math. Action: calculator'), false)).toBeUndefined();
      expect(reply.stepText).toBe('Thought: math. Action: calculator');
      reply.toolRun(run);
      expect(reply.answer('It is 42.')).toMatchObject({ text: ':::plugin:::\nIt is 42.' });
      expect(reply.outcome()).toMatchObject({ kind: 'reply', text: ':::plugin:::\nIt is 42.' });
    });

    it('keeps the runs of a continued reply', () => {
      const reply = createReplyAccumulator({ generation: ':::plugin:::\nIt is', ids, usedUserKey: false, earlierRuns: [{ ...run, outputs: '42', loading: false }] });
      expect(reply.add(text(' 42.'), false)).toMatchObject({ text: ':::plugin:::\nIt is 42.', plugins: [{ ...run, outputs: '42', loading: false }] });
    });
  });
});
