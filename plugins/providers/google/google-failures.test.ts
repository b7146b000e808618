import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatPart } from '../../../core/plugin-api/index.js';
import { closedPortUrl, startFakeGoogle, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest, textOf } from '../../shared/stream-test-helpers.js';
import { createGoogleProvider } from './index.js';

let upstream: FakeUpstream;
const provider = (timeoutMs = 2_000) => createGoogleProvider({ apiKey: 'google-key', baseURL: upstream.url, timeoutMs });
const run = (timeoutMs?: number) => collectParts(provider(timeoutMs).stream(simpleRequest('gemini-2.5-flash'), { signal: neverAborted() }));

beforeAll(async () => {
  upstream = await startFakeGoogle();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('google provider failures', () => {
  it.each([
    [{ status: 400, code: 'API_KEY_INVALID' }, 'invalid_api_key'],
    [{ status: 403 }, 'invalid_api_key'],
    [{ status: 429 }, 'rate_limited'],
    [{ status: 500 }, 'server_error'],
    [{ status: 503 }, 'server_error'],
    [{ status: 404 }, 'not_found'],
    [{ status: 400 }, 'bad_request'],
  ])('classifies %o as %s', async (failure, kind) => {
    upstream.control.failNext(failure);
    expect(await run()).toEqual([{ type: 'error', error: expect.objectContaining({ kind, statusCode: failure.status }) }]);
  });

  it("keeps Google's message", async () => {
    upstream.control.failNext({ status: 400, code: 'API_KEY_INVALID' });
    const [part] = await run();
    expect(part.type === 'error' && part.error.message).toContain('API key not valid. Please pass a valid API key.');
  });

  it('yields the deltas received before a disconnect, then a connection error', async () => {
    upstream.control.configure({ reply: 'abcdefgh', chunkSize: 2, disconnectAfterChunks: 2 });
    const parts = await run();
    expect(textOf(parts)).toBe('abcd');
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'connection' }) });
  });

  it('reports a malformed chunk after the deltas already yielded', async () => {
    upstream.control.configure({ reply: 'abcdef', chunkSize: 2, malformedAfterChunks: 1 });
    const parts = await run();
    expect(textOf(parts)).toBe('ab');
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'malformed_stream' }) });
  });

  it('reports a stream that closes without a finish reason', async () => {
    upstream.control.replayNext('data: {"candidates":[{"content":{"parts":[{"text":"Half"}],"role":"model"},"index":0}]}\n\n');
    expect(await run()).toEqual([{ type: 'text-delta', text: 'Half' }, { type: 'error', error: expect.objectContaining({ kind: 'malformed_stream' }) }]);
  });

  it('stops the upstream request when the signal fires mid-stream', async () => {
    upstream.control.configure({ reply: 'z'.repeat(60), chunkSize: 1, delayMs: 20 });
    const controller = new AbortController();
    const parts: ChatPart[] = [];
    for await (const part of provider().stream(simpleRequest('gemini-2.5-flash'), { signal: controller.signal })) {
      parts.push(part);
      if (parts.length === 2) controller.abort();
    }
    expect(textOf(parts)).toBe('zz');
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'aborted' }) });
    expect(await upstream.control.lastRequest!.outcome).toBe('client-closed');
  });

  it('closes the upstream request when the consumer stops reading', async () => {
    upstream.control.configure({ reply: 'z'.repeat(60), chunkSize: 1, delayMs: 20 });
    for await (const part of provider().stream(simpleRequest('gemini-2.5-flash'), { signal: neverAborted() })) {
      if (part.type === 'text-delta') break;
    }
    expect(await upstream.control.lastRequest!.outcome).toBe('client-closed');
  });

  it('times out when the upstream stays silent', async () => {
    upstream.control.configure({ firstByteDelayMs: 1_000 });
    expect(await run(100)).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'timeout' }) }]);
    expect(await upstream.control.lastRequest!.outcome).toBe('client-closed');
  });

  it('reports a connection failure when nothing listens', async () => {
    const closed = await closedPortUrl();
    const parts = await collectParts(createGoogleProvider({ apiKey: 'k', baseURL: closed }).stream(simpleRequest('gemini-2.5-flash'), { signal: neverAborted() }));
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'connection' }) }]);
  });
});
