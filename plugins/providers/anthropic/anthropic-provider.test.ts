import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../core/plugin-api/index.js';
import { startFakeAnthropic, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest, textWithImages, textOf } from '../../shared/stream-test-helpers.js';
import { createAnthropicProvider, defaultAnthropicModels } from './index.js';

let upstream: FakeUpstream;
const settings = () => ({ apiKey: 'sk-ant-test', baseURL: upstream.url, maxRetries: 0 });
const run = (request: ChatRequest = simpleRequest('claude-3-5-sonnet-latest')) => collectParts(createAnthropicProvider(settings()).stream(request, { signal: neverAborted() }));
const fixture = (name: string) => readFile(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

beforeAll(async () => {
  upstream = await startFakeAnthropic();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('anthropic provider streaming', () => {
  it('streams the deltas in order, then usage, then the finish reason', async () => {
    upstream.control.configure({ reply: 'Bonjour Claude', chunkSize: 5, usage: { promptTokens: 9, completionTokens: 3 } });
    expect(await run()).toEqual([
      { type: 'text-delta', text: 'Bonjo' },
      { type: 'text-delta', text: 'ur Cl' },
      { type: 'text-delta', text: 'aude' },
      { type: 'finish', finishReason: 'stop', usage: { promptTokens: 9, completionTokens: 3 } },
    ]);
  });

  it('sends the system prompt apart, merged alternating turns, parameters and the key', async () => {
    await run({
      model: 'claude-3-5-sonnet-latest',
      system: 'Be brief.',
      messages: [
        { role: 'system', content: 'Answer in French.' },
        { role: 'user', content: 'Hello' },
        { role: 'user', content: 'Are you there?' },
        { role: 'assistant', content: '' },
        { role: 'assistant', content: 'Oui.' },
        { role: 'user', content: 'Merci' },
      ],
      parameters: { temperature: 0.5, topP: 0.7, topK: 5, maxOutputTokens: 300, stop: ['\n\nHuman:'] },
      user: 'user-7',
    });
    const received = upstream.control.lastRequest!;
    expect(received.path).toBe('/v1/messages');
    // SDK 1.x (API version 2026-10-21) sends the key as a bearer token; older versions used x-api-key.
    expect(received.headers['x-api-key'] ?? received.headers.authorization).toMatch(/^(Bearer )?sk-ant-test$/);
    expect(received.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(received.body).toEqual({
      model: 'claude-3-5-sonnet-latest',
      max_tokens: 300,
      system: 'Be brief.\n\nAnswer in French.',
      messages: [
        { role: 'user', content: 'Hello\n\nAre you there?' },
        { role: 'assistant', content: 'Oui.' },
        { role: 'user', content: 'Merci' },
      ],
      temperature: 0.5,
      top_p: 0.7,
      top_k: 5,
      stop_sequences: ['\n\nHuman:'],
      metadata: { user_id: 'user-7' },
      stream: true,
    });
  });

  it('defaults max_tokens and sends one sampler only to Claude 4.1+ models', async () => {
    await run(simpleRequest('claude-sonnet-4-6', 'Hi', { parameters: { temperature: 0.4, topP: 0.9 } }));
    expect(upstream.control.lastRequest!.body).toMatchObject({ max_tokens: 4000, temperature: 0.4 });
    expect(upstream.control.lastRequest!.body).not.toHaveProperty('top_p');
    await run(simpleRequest('claude-sonnet-4-20250514', 'Hi', { parameters: { temperature: 0.4, topP: 0.9 } }));
    expect(upstream.control.lastRequest!.body).toMatchObject({ temperature: 0.4, top_p: 0.9 });
  });

  it('sends images as base64 or url blocks before the text, and trims a prefill', async () => {
    const request = simpleRequest('claude-3-5-sonnet-latest', 'Describe');
    request.messages[0].content = textWithImages('Describe', [{ url: 'data:image/png;base64,iVBORw0KGgo=' }, { url: 'https://example.com/a.jpg' }]);
    request.messages.push({ role: 'assistant', content: 'It shows ' });
    await run(request);
    expect(upstream.control.lastRequest!.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/a.jpg' } },
          { type: 'text', text: 'Describe' },
        ],
      },
      { role: 'assistant', content: 'It shows' },
    ]);
  });

  it('sends files as document blocks: PDFs as base64 or by URL, text files as text', async () => {
    const request = simpleRequest('claude-sonnet-4-5', 'Compare');
    request.messages[0].content = [
      { type: 'text', text: 'Compare' },
      { type: 'file', url: 'data:application/pdf;base64,JVBERi0=', mediaType: 'application/pdf', filename: 'a.pdf' },
      { type: 'file', url: 'data:text/plain;base64,aGVsbG8=', mediaType: 'text/plain' },
      { type: 'file', url: 'https://example.com/b.pdf', mediaType: 'application/pdf' },
    ];
    await run(request);
    expect(upstream.control.lastRequest!.body.messages[0].content).toEqual([
      { type: 'document', title: 'a.pdf', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hello' } },
      { type: 'document', source: { type: 'url', url: 'https://example.com/b.pdf' } },
      { type: 'text', text: 'Compare' },
    ]);
  });

  it('reports max_tokens as a length finish', async () => {
    upstream.control.configure({ finishReason: 'max_tokens' });
    expect((await run()).at(-1)).toMatchObject({ type: 'finish', finishReason: 'length' });
  });

  it('maps a recorded Claude 3.5 Sonnet transcript', async () => {
    upstream.control.replayNext(await fixture('claude-3-5-sonnet-stream.sse'));
    const parts = await run();
    expect(textOf(parts)).toBe('Hello! How can I help you today?');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop', usage: { promptTokens: 25, completionTokens: 12 } });
  });

  it('maps thinking blocks to reasoning deltas and counts cached input (recorded Claude 3.7 transcript)', async () => {
    upstream.control.replayNext(await fixture('claude-3-7-sonnet-thinking-stream.sse'));
    expect(await run()).toEqual([
      { type: 'reasoning-delta', id: 'reasoning-0', text: '27 * 453: 27 * 400 = 10800' },
      { type: 'reasoning-delta', id: 'reasoning-0', text: ', 27 * 53 = 1431, total 12231.' },
      { type: 'text-delta', text: '27 × 453 = 12,231' },
      { type: 'finish', finishReason: 'stop', usage: { promptTokens: 50, completionTokens: 58 } },
    ]);
  });

  it('streams the input_json_delta of a tool_use block as tool input, then the whole call', async () => {
    const event = (name: string, data: object) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
    upstream.control.replayNext(
      [
        event('message_start', { type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', model: 'c', content: [], usage: { input_tokens: 5, output_tokens: 1 } } }),
        event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } }),
        event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"city": "Pa' } }),
        event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: 'ris"}' } }),
        event('content_block_stop', { type: 'content_block_stop', index: 0 }),
        event('message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 20 } }),
        event('message_stop', { type: 'message_stop' }),
      ].join(''),
    );
    expect(await run()).toEqual([
      { type: 'tool-input-start', id: 'toolu_1', name: 'get_weather' },
      { type: 'tool-input-delta', id: 'toolu_1', delta: '{"city": "Pa' },
      { type: 'tool-input-delta', id: 'toolu_1', delta: 'ris"}' },
      { type: 'tool-input-end', id: 'toolu_1' },
      { type: 'tool-call', id: 'toolu_1', name: 'get_weather', input: '{"city": "Paris"}' },
      { type: 'finish', finishReason: 'tool_calls', usage: { promptTokens: 5, completionTokens: 20 } },
    ]);
  });

  it('sends the request through the fetch it is given', async () => {
    let calls = 0;
    const guardedFetch: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const parts = await collectParts(createAnthropicProvider(settings()).stream(simpleRequest('claude-haiku-4-5'), { signal: neverAborted(), fetch: guardedFetch }));
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect(calls).toBe(1);
  });

  it('fails without a request when no key is available', async () => {
    const parts = await collectParts(createAnthropicProvider({ apiKey: 'user_provided' }).stream(simpleRequest('claude-3-haiku-20240307'), { signal: neverAborted() }));
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'invalid_api_key' }) }]);
    expect(upstream.control.requests).toHaveLength(0);
  });
});

describe('anthropic provider models', () => {
  it('answers the configured models, else the defaults, without a request', async () => {
    expect(await createAnthropicProvider({ ...settings(), models: ['claude-3-opus-20240229'] }).listModels()).toEqual(['claude-3-opus-20240229']);
    expect(await createAnthropicProvider(settings()).listModels()).toEqual(defaultAnthropicModels);
    expect(upstream.control.requests).toHaveLength(0);
  });

  it('fetches /v1/models when asked, falling back to the defaults', async () => {
    upstream.control.configure({ models: ['claude-opus-4-7', 'claude-haiku-4-5-20251001'] });
    const provider = createAnthropicProvider({ ...settings(), fetchModels: true });
    expect(await provider.listModels()).toEqual(['claude-opus-4-7', 'claude-haiku-4-5-20251001']);
    expect(upstream.control.lastRequest).toMatchObject({ method: 'GET', path: '/v1/models' });
    upstream.control.failNext({ status: 401 });
    expect(await provider.listModels()).toEqual(defaultAnthropicModels);
  });
});
