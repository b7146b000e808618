import { describe, expect, it } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { foldCreated, foldError, foldFinal, foldProgress } from './fold-frames.js';

describe('folding stream frames into the message list', () => {
  const history = [message('u0', null), message('a0', 'u0')];
  const optimistic = message('tmp', 'a0', { clientOnly: true, text: 'Hi', conversationId: 'new' });
  const placeholder = message('tmp_', 'tmp', { text: '', conversationId: 'new' });
  const start = [...history, optimistic, placeholder];

  it('renames the optimistic pair after created, keeping the untouched messages as they were', () => {
    const created = message('u1', 'a0', { text: 'Hi', conversationId: 'c9' });
    const { messages, ids } = foldCreated(start, { userMessageId: 'tmp', responseMessageId: 'tmp_' }, created);
    expect(ids).toEqual({ userMessageId: 'u1', responseMessageId: 'u1_' });
    expect(messages.map((entry) => entry.messageId)).toEqual(['u0', 'a0', 'u1', 'u1_']);
    expect(messages[3]).toMatchObject({ parentMessageId: 'u1', conversationId: 'c9' });
    expect(messages[0]).toBe(history[0]);
  });

  it('replaces the reply text with each cumulative progress frame and skips repeats', () => {
    const ids = { userMessageId: 'tmp', responseMessageId: 'tmp_' };
    const first = foldProgress(start, ids, 'Hel', placeholder);
    const second = foldProgress(first, ids, 'Hello', placeholder);
    expect(second.at(-1)?.text).toBe('Hello');
    expect(foldProgress(second, ids, 'Hello', placeholder)).toBe(second);
    expect(second[0]).toBe(start[0]);
  });

  it("takes each progress frame's plugin boxes, a box's end on the same text included", () => {
    const ids = { userMessageId: 'tmp', responseMessageId: 'tmp_' };
    const running = { runId: 'r1', latest: 'calculator', inputs: ['{}'], outputs: null, loading: true };
    const started = foldProgress(start, ids, ':::plugin:::\n', placeholder, [running]);
    expect(started.at(-1)).toMatchObject({ text: ':::plugin:::\n', plugins: [running] });
    const ended = foldProgress(started, ids, ':::plugin:::\n', placeholder, [{ ...running, outputs: '42', loading: false }]);
    expect(ended.at(-1)?.plugins).toEqual([{ ...running, outputs: '42', loading: false }]);
    expect(foldProgress(ended, ids, ':::plugin:::\n', placeholder, [{ ...running, outputs: '42', loading: false }])).toBe(ended);
    // A frame without plugins keeps the boxes the reply has.
    expect(foldProgress(ended, ids, ':::plugin:::\nIt', placeholder).at(-1)?.plugins).toEqual(ended.at(-1)?.plugins);
  });

  it('puts the reply back when a refetch removed it mid-stream', () => {
    const next = foldProgress(history, { userMessageId: 'u1', responseMessageId: 'u1_' }, 'abc', { ...placeholder, messageId: 'u1_' });
    expect(next.at(-1)).toMatchObject({ messageId: 'u1_', text: 'abc' });
  });

  it('swaps in the stored pair on final', () => {
    const request = message('u1', 'a0');
    const response = message('a1', 'u1', { text: 'Hello there' });
    const next = foldFinal([...history, request, { ...placeholder, messageId: 'u1_' }], { userMessageId: 'u1', responseMessageId: 'u1_' }, request, response);
    expect(next.map((entry) => entry.messageId)).toEqual(['u0', 'a0', 'u1', 'a1']);
  });

  it('replaces a continued reply in place', () => {
    const continued = { ...history[1], text: 'more text' };
    const next = foldFinal(history, { userMessageId: 'u0', responseMessageId: 'a0' }, history[0], continued);
    expect(next.map((entry) => entry.text)).toEqual([history[0].text, 'more text']);
  });

  it('turns the placeholder into an error reply under the turn user message', () => {
    const error = message('srv-reply', 'srv-user', { text: '{"type":"no_user_key"}', error: true });
    const next = foldError(start, { userMessageId: 'tmp', responseMessageId: 'tmp_' }, error);
    expect(next.map((entry) => entry.messageId)).toEqual(['u0', 'a0', 'tmp', 'srv-reply']);
    expect(next.at(-1)).toMatchObject({ parentMessageId: 'tmp', error: true });
  });
});
