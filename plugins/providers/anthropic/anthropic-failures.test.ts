import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatPart } from '../../../core/plugin-api/index.js';
import { startFakeAnthropic, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest, textOf } from '../../shared/stream-test-helpers.js';
import { createAnthropicProvider } from './index.js';

let upstream: FakeUpstream;
const provider = () => createAnthropicProvider({ apiKey: 'sk-ant-test', baseURL: upstream.url, maxRetries: 0, timeoutMs: 2_000 });
const run = () => collectParts(provider().stream(simpleRequest('claude-3-5-haiku-latest'), { signal: neverAborted() }));
const event = (name: string, data: object) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const opening = [
  event('message_start', { type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', model: 'c', content: [], usage: { input_tokens: 5, output_tokens: 1 } } }),
  event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
  event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Partial' } }),
].join('');

beforeAll(async () => {
  upstream = await startFakeAnthropic();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('anthropic provider failures', () => {
  it.each([
    [401, 'invalid_api_key', false],
    [429, 'rate_limited', true],
    [529, 'server_error', true],
    [500, 'server_error', true],
    [400, 'bad_request', false],
  ])('classifies a %i as %s', async (status, kind, isRetryable) => {
    upstream.control.failNext({ status });
    const parts = await run();
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ kind, isRetryable, statusCode: status }) }]);
  });

  it("keeps Anthropic's own message", async () => {
    upstream.control.failNext({ status: 529 });
    const [part] = await run();
    expect(part).toMatchObject({ type: 'error', error: { message: 'Anthropic: Overloaded' } });
  });

  it('classifies an error event inside a started stream after the text so far', async () => {
    upstream.control.replayNext(opening + event('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
    const parts = await run();
    expect(parts).toEqual([{ type: 'text-delta', text: 'Partial' }, { type: 'error', error: expect.objectContaining({ kind: 'server_error', message: 'Anthropic: Overloaded' }) }]);
  });

  it('reports a stream closed before message_stop as malformed', async () => {
    upstream.control.replayNext(opening);
    const parts = await run();
    expect(parts).toEqual([{ type: 'text-delta', text: 'Partial' }, { type: 'error', error: expect.objectContaining({ kind: 'malformed_stream' }) }]);
  });

  it('yields the deltas received before a disconnect, then a connection error', async () => {
    upstream.control.configure({ reply: 'abcdefgh', chunkSize: 2, disconnectAfterChunks: 3 });
    const parts = await run();
    expect(textOf(parts)).toBe('abcdef');
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'connection' }) });
  });

  it('reports a malformed event', async () => {
    upstream.control.configure({ reply: 'abcdef', chunkSize: 2, malformedAfterChunks: 2 });
    const parts = await run();
    expect(textOf(parts)).toBe('abcd');
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'malformed_stream' }) });
  });

  it('stops the upstream request when the signal fires mid-stream', async () => {
    upstream.control.configure({ reply: 'y'.repeat(60), chunkSize: 1, delayMs: 20 });
    const controller = new AbortController();
    const parts: ChatPart[] = [];
    for await (const part of provider().stream(simpleRequest('claude-3-5-haiku-latest'), { signal: controller.signal })) {
      parts.push(part);
      if (parts.length === 3) controller.abort();
    }
    expect(textOf(parts)).toBe('yyy');
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'aborted' }) });
    expect(await upstream.control.lastRequest!.outcome).toBe('client-closed');
  });

  it('times out when the upstream does not answer', async () => {
    upstream.control.configure({ firstByteDelayMs: 1_000 });
    const parts = await collectParts(
      createAnthropicProvider({ apiKey: 'k', baseURL: upstream.url, maxRetries: 0, timeoutMs: 100 }).stream(simpleRequest('claude-3-5-haiku-latest'), { signal: neverAborted() }),
    );
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'timeout' }) }]);
  });
});
