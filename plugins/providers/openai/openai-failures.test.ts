import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatPart } from '../../../core/plugin-api/index.js';
import { closedPortUrl, startFakeOpenAI, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest, textOf } from '../../shared/stream-test-helpers.js';
import { createOpenAIProvider } from './index.js';

let upstream: FakeUpstream;
const provider = (overrides: Record<string, unknown> = {}) => createOpenAIProvider({ apiKey: 'sk-test', baseURL: `${upstream.url}/v1`, maxRetries: 0, ...overrides });
const run = (overrides: Record<string, unknown> = {}) => collectParts(provider(overrides).stream(simpleRequest('gpt-4o'), { signal: neverAborted() }));

beforeAll(async () => {
  upstream = await startFakeOpenAI();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('openAI provider failures', () => {
  it.each([
    [{ status: 401 }, 'invalid_api_key', false],
    [{ status: 429, code: 'insufficient_quota' }, 'insufficient_quota', false],
    [{ status: 429 }, 'rate_limited', true],
    [{ status: 500 }, 'server_error', true],
    [{ status: 404 }, 'not_found', false],
    [{ status: 400, message: "This model's maximum context length is 128000 tokens." }, 'bad_request', false],
  ])('classifies %o as %s', async (failure, kind, isRetryable) => {
    upstream.control.failNext(failure);
    const parts = await run();
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ kind, isRetryable, statusCode: failure.status }) }]);
  });

  it('keeps the upstream message in the failure', async () => {
    upstream.control.failNext({ status: 429, code: 'insufficient_quota' });
    const [part] = await run();
    expect(part.type === 'error' && part.error.message).toContain('You exceeded your current quota');
  });

  it('retries a 500 through the SDK and then succeeds', async () => {
    upstream.control.failNext({ status: 500, headers: { 'retry-after-ms': '5' } });
    const parts = await run({ maxRetries: 1 });
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect(upstream.control.requests).toHaveLength(2);
  });

  it('stops the upstream request when the signal fires mid-stream', async () => {
    upstream.control.configure({ reply: 'a long answer that keeps going and going', chunkSize: 2, delayMs: 30 });
    const controller = new AbortController();
    const parts: ChatPart[] = [];
    for await (const part of provider().stream(simpleRequest('gpt-4o'), { signal: controller.signal })) {
      parts.push(part);
      if (parts.length === 2) controller.abort();
    }
    expect(parts.slice(0, 2).every((part) => part.type === 'text-delta')).toBe(true);
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'aborted' }) });
    expect(await upstream.control.lastRequest!.outcome).toBe('client-closed');
  });

  it('reports an abort that happens before the response', async () => {
    upstream.control.configure({ firstByteDelayMs: 200 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const parts = await collectParts(provider().stream(simpleRequest('gpt-4o'), { signal: controller.signal }));
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'aborted' }) }]);
    expect(await upstream.control.lastRequest!.outcome).toBe('client-closed');
  });

  it('closes the upstream request when the consumer stops reading', async () => {
    upstream.control.configure({ reply: 'many many small chunks here', chunkSize: 1, delayMs: 20 });
    for await (const part of provider().stream(simpleRequest('gpt-4o'), { signal: neverAborted() })) {
      if (part.type === 'text-delta') break;
    }
    expect(await upstream.control.lastRequest!.outcome).toBe('client-closed');
  });

  it('yields the deltas received before a disconnect, then a connection error', async () => {
    upstream.control.configure({ reply: 'abcdefghij', chunkSize: 2, disconnectAfterChunks: 2 });
    const parts = await run();
    expect(textOf(parts)).toBe('abcd');
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'connection', isRetryable: true }) });
    expect(await upstream.control.lastRequest!.outcome).toBe('disconnected');
  });

  it('reports a malformed chunk after the deltas already yielded', async () => {
    upstream.control.configure({ reply: 'abcdef', chunkSize: 2, malformedAfterChunks: 1 });
    const parts = await run();
    expect(textOf(parts)).toBe('ab');
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'malformed_stream' }) });
  });

  it('times out when the upstream does not answer', async () => {
    upstream.control.configure({ firstByteDelayMs: 1_000 });
    const parts = await run({ timeoutMs: 100 });
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'timeout', isRetryable: true }) }]);
  });

  it('times out when the stream goes silent, keeping the text so far', async () => {
    upstream.control.configure({ reply: 'abcd', chunkSize: 2, delayMs: 400 });
    const parts = await run({ timeoutMs: 100 });
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'timeout' }) });
    expect(await upstream.control.lastRequest!.outcome).toBe('client-closed');
  });

  it('reports a connection failure when nothing listens', async () => {
    const closed = await closedPortUrl();
    const parts = await collectParts(createOpenAIProvider({ apiKey: 'sk', baseURL: `${closed}/v1`, maxRetries: 0 }).stream(simpleRequest('gpt-4o'), { signal: neverAborted() }));
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'connection' }) }]);
  });
});
