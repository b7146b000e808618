import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderCredentials } from '../../../core/plugin-api/index.js';
import { startFakeOpenAI, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest, textOf } from '../../shared/stream-test-helpers.js';
import { createCustomProvider, type CustomEndpointSettings } from './index.js';

let upstream: FakeUpstream;
const entry = (overrides: Partial<CustomEndpointSettings> = {}): CustomEndpointSettings => ({
  name: 'Mistral',
  apiKey: 'mistral-key',
  baseURL: `${upstream.url}/v1`,
  models: { default: ['mistral-small-latest', 'mistral-large-latest'] },
  maxRetries: 0,
  ...overrides,
});
const run = (settings: CustomEndpointSettings, credentials?: ProviderCredentials) =>
  collectParts(createCustomProvider(settings).stream(simpleRequest('mistral-small-latest', 'Salut', { user: 'user-9' }), { signal: neverAborted(), credentials }));
const fixture = (name: string) => readFile(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

beforeAll(async () => {
  upstream = await startFakeOpenAI();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('custom endpoint streaming', () => {
  it('is the endpoint named by the entry and applies headers, addParams and dropParams', async () => {
    const settings = entry({
      headers: { 'x-portkey-provider': 'mistral' },
      addParams: { safe_prompt: true, temperature: 0.1 },
      dropParams: ['stop', 'user', 'frequency_penalty', 'presence_penalty'],
    });
    const provider = createCustomProvider(settings);
    expect(provider.id).toBe('Mistral');
    const request = simpleRequest('mistral-small-latest', 'Salut', { user: 'user-9', parameters: { temperature: 0.7, topP: 0.9, presencePenalty: 0.5, stop: ['###'] } });
    await collectParts(provider.stream(request, { signal: neverAborted() }));
    const received = upstream.control.lastRequest!;
    expect(received.path).toBe('/v1/chat/completions');
    expect(received.headers).toMatchObject({ authorization: 'Bearer mistral-key', 'x-portkey-provider': 'mistral' });
    expect(received.body).toEqual({
      model: 'mistral-small-latest',
      messages: [{ role: 'user', content: 'Salut' }],
      temperature: 0.1,
      top_p: 0.9,
      safe_prompt: true,
      stream: true,
    });
  });

  it('reads usage that a server sends without being asked (recorded Mistral stream)', async () => {
    upstream.control.replayNext(await fixture('mistral-small-stream.sse'));
    const parts = await run(entry());
    expect(textOf(parts)).toBe('Bonjour ! Comment puis-je vous aider ?');
    expect(parts.at(-1)).toEqual({ type: 'finish', finishReason: 'stop', usage: { promptTokens: 8, completionTokens: 12 } });
  });

  it('maps reasoning_content to reasoning deltas (recorded DeepSeek stream)', async () => {
    upstream.control.replayNext(await fixture('deepseek-reasoner-stream.sse'));
    const parts = await run(entry());
    expect(parts).toEqual([
      { type: 'reasoning-delta', id: 'reasoning-0', text: 'The user asks 1+1.' },
      { type: 'reasoning-delta', id: 'reasoning-0', text: ' That is 2.' },
      { type: 'text-delta', text: '2' },
      { type: 'finish', finishReason: 'stop', usage: { promptTokens: 13, completionTokens: 21 } },
    ]);
  });

  it('reports a stream that ends cleanly without a finish reason as incomplete', async () => {
    upstream.control.replayNext('data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"half"},"finish_reason":null}]}\n\ndata: [DONE]\n\n');
    expect(await run(entry())).toEqual([{ type: 'text-delta', text: 'half' }, { type: 'finish', finishReason: 'incomplete' }]);
  });

  it('accepts a baseURL that carries /chat/completions', async () => {
    await run(entry({ baseURL: `${upstream.url}/api/v1/chat/completions` }));
    expect(upstream.control.lastRequest!.path).toBe('/api/v1/chat/completions');
  });

  it('uses a user key and base URL when the entry says user_provided', async () => {
    const parts = await run(entry({ apiKey: 'user_provided', baseURL: 'user_provided' }), { apiKey: 'users-key', baseURL: `${upstream.url}/v1` });
    expect(parts.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    expect(upstream.control.lastRequest!.headers.authorization).toBe('Bearer users-key');
  });

  it('fails like LibreChat when the key or the base URL is missing', async () => {
    expect(await run(entry({ apiKey: 'user_provided' }))).toEqual([
      { type: 'error', error: expect.objectContaining({ kind: 'invalid_api_key', message: 'Missing API Key for Mistral' }) },
    ]);
    expect(await run(entry({ baseURL: '${MISTRAL_BASE_URL}' }))).toEqual([
      { type: 'error', error: expect.objectContaining({ kind: 'bad_request', message: 'Missing Base URL for Mistral' }) },
    ]);
    expect(upstream.control.requests).toHaveLength(0);
  });

  it('sends the stream and the model fetch through the fetch it is given (the SSRF guard of core)', async () => {
    const seen: string[] = [];
    const guardedFetch: typeof fetch = (input, init) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    };
    const provider = createCustomProvider(entry({ models: { default: ['m'], fetch: true } }));
    await collectParts(provider.stream(simpleRequest('m'), { signal: neverAborted(), fetch: guardedFetch }));
    await provider.listModels({ fetch: guardedFetch });
    expect(seen).toEqual([`${upstream.url}/v1/chat/completions`, `${upstream.url}/v1/models`]);
  });

  it('classifies upstream failures and cut streams', async () => {
    upstream.control.failNext({ status: 429 });
    expect((await run(entry())).at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'rate_limited' }) });
    upstream.control.configure({ reply: 'abcdef', chunkSize: 3, disconnectAfterChunks: 1 });
    const parts = await run(entry());
    expect(textOf(parts)).toBe('abc');
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'connection' }) });
  });
});

describe('custom endpoint models', () => {
  it('answers models.default without a request unless fetch is on', async () => {
    expect(await createCustomProvider(entry()).listModels()).toEqual(['mistral-small-latest', 'mistral-large-latest']);
    expect(upstream.control.requests).toHaveLength(0);
  });

  it('fetches /models with the user id when userIdQuery is on', async () => {
    upstream.control.configure({ models: ['open-mistral-nemo', 'codestral-latest'] });
    const provider = createCustomProvider(entry({ models: { default: ['mistral-small-latest'], fetch: true, userIdQuery: true } }));
    expect(await provider.listModels({ user: 'user-9' })).toEqual(['open-mistral-nemo', 'codestral-latest']);
    expect(upstream.control.lastRequest).toMatchObject({ path: '/v1/models', query: { user: 'user-9' } });
  });

  it('falls back to models.default when the fetch fails or has no key', async () => {
    upstream.control.failNext({ status: 401 });
    const fetching = { default: ['mistral-small-latest'], fetch: true };
    expect(await createCustomProvider(entry({ models: fetching })).listModels()).toEqual(['mistral-small-latest']);
    expect(await createCustomProvider(entry({ models: fetching, apiKey: 'user_provided' })).listModels()).toEqual(['mistral-small-latest']);
    expect(upstream.control.requests).toHaveLength(1);
  });
});
