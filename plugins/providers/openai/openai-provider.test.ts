import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest, textWithImages, textOf } from '../../shared/stream-test-helpers.js';
import { createOpenAIProvider, defaultOpenAIModels } from './index.js';

let upstream: FakeUpstream;
const settings = () => ({ apiKey: 'sk-test', baseURL: `${upstream.url}/v1`, maxRetries: 0 });

beforeAll(async () => {
  upstream = await startFakeOpenAI();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('openAI provider streaming', () => {
  it('streams the deltas in order, then usage, then the finish reason', async () => {
    upstream.control.configure({ reply: 'Hello there, friend!', chunkSize: 6, usage: { promptTokens: 12, completionTokens: 4 } });
    const parts = await collectParts(createOpenAIProvider(settings()).stream(simpleRequest('gpt-4o-mini'), { signal: neverAborted() }));
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Hello ' },
      { type: 'text-delta', text: 'there,' },
      { type: 'text-delta', text: ' frien' },
      { type: 'text-delta', text: 'd!' },
      { type: 'finish', finishReason: 'stop', usage: { promptTokens: 12, completionTokens: 4 } },
    ]);
  });

  it('sends the history, system prompt, parameters, user and key upstream', async () => {
    const provider = createOpenAIProvider(settings());
    await collectParts(
      provider.stream(
        {
          model: 'gpt-4o',
          system: 'You are terse.',
          messages: [
            { role: 'user', content: 'What is 2+2?' },
            { role: 'assistant', content: '4' },
            { role: 'user', content: 'And 3+3?' },
          ],
          parameters: { temperature: 0.3, topP: 0.9, presencePenalty: 0.5, frequencyPenalty: 0.25, maxOutputTokens: 200, stop: ['END'] },
          user: 'user-42',
        },
        { signal: neverAborted() },
      ),
    );
    const received = upstream.control.lastRequest!;
    expect(received.path).toBe('/v1/chat/completions');
    expect(received.headers.authorization).toBe('Bearer sk-test');
    expect(received.body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'What is 2+2?' },
        { role: 'assistant', content: '4' },
        { role: 'user', content: 'And 3+3?' },
      ],
      temperature: 0.3,
      top_p: 0.9,
      presence_penalty: 0.5,
      frequency_penalty: 0.25,
      max_tokens: 200,
      stop: ['END'],
      user: 'user-42',
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('drops sampling parameters for reasoning models and sends a developer message', async () => {
    const request = simpleRequest('o3-mini', 'Prove it', { system: 'Be rigorous.', parameters: { temperature: 0.2, topP: 0.5, presencePenalty: 1, maxOutputTokens: 900 } });
    await collectParts(createOpenAIProvider(settings()).stream(request, { signal: neverAborted() }));
    const body = upstream.control.lastRequest!.body;
    expect(body.messages[0]).toEqual({ role: 'developer', content: 'Be rigorous.' });
    expect(body.max_completion_tokens).toBe(900);
    for (const name of ['temperature', 'top_p', 'presence_penalty', 'max_tokens']) expect(body).not.toHaveProperty(name);
  });

  it('folds the system prompt into the first user message for o1-mini', async () => {
    await collectParts(createOpenAIProvider(settings()).stream(simpleRequest('o1-mini', 'Question', { system: 'Rules' }), { signal: neverAborted() }));
    expect(upstream.control.lastRequest!.body.messages).toEqual([{ role: 'user', content: 'Rules\n\nQuestion' }]);
  });

  it('sends attached images as image_url parts', async () => {
    const request = simpleRequest('gpt-4o', 'What is this?');
    request.messages[0].content = textWithImages('What is this?', [{ url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' }, { url: 'https://example.com/cat.jpg' }]);
    await collectParts(createOpenAIProvider(settings()).stream(request, { signal: neverAborted() }));
    expect(upstream.control.lastRequest!.body.messages[0].content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
      { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'auto' } },
    ]);
  });

  it('sends file parts as file_data with their name', async () => {
    const request = simpleRequest('gpt-4o', 'Summarise');
    request.messages[0].content = [{ type: 'file', url: 'data:application/pdf;base64,JVBERi0=', mediaType: 'application/pdf', filename: 'report.pdf' }, { type: 'text', text: 'Summarise' }];
    await collectParts(createOpenAIProvider(settings()).stream(request, { signal: neverAborted() }));
    expect(upstream.control.lastRequest!.body.messages[0].content).toEqual([
      { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'report.pdf' } },
      { type: 'text', text: 'Summarise' },
    ]);
  });

  it('reports a length finish', async () => {
    upstream.control.configure({ finishReason: 'length' });
    const parts = await collectParts(createOpenAIProvider(settings()).stream(simpleRequest('gpt-4o'), { signal: neverAborted() }));
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'length' });
  });

  it('maps a recorded gpt-4o-mini transcript', async () => {
    upstream.control.replayNext(await readFile(new URL('./__fixtures__/gpt-4o-mini-stream.sse', import.meta.url), 'utf8'));
    const parts = await collectParts(createOpenAIProvider(settings()).stream(simpleRequest('gpt-4o-mini', 'Capital of France?'), { signal: neverAborted() }));
    expect(textOf(parts)).toBe('The capital of France is Paris.');
    expect(parts.filter((part) => part.type === 'text-delta')).toHaveLength(7);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop', usage: { promptTokens: 19, completionTokens: 7 } });
  });

  it('lets per-call credentials override a user_provided key and base URL', async () => {
    const provider = createOpenAIProvider({ apiKey: 'user_provided', baseURL: 'user_provided', maxRetries: 0 });
    const parts = await collectParts(provider.stream(simpleRequest('gpt-4o'), { signal: neverAborted(), credentials: { apiKey: 'sk-user', baseURL: `${upstream.url}/v1` } }));
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect(upstream.control.lastRequest!.headers.authorization).toBe('Bearer sk-user');
  });

  it('fails without a request when no key is available', async () => {
    const parts = await collectParts(createOpenAIProvider({ apiKey: 'user_provided' }).stream(simpleRequest('gpt-4o'), { signal: neverAborted() }));
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'invalid_api_key', isRetryable: false }) }]);
    expect(upstream.control.requests).toHaveLength(0);
  });
});

describe('openAI provider models', () => {
  it('answers the configured models without asking upstream', async () => {
    expect(await createOpenAIProvider({ ...settings(), models: ['gpt-4o', 'o3'] }).listModels()).toEqual(['gpt-4o', 'o3']);
    expect(upstream.control.requests).toHaveLength(0);
  });

  it('fetches /models and keeps the chat models', async () => {
    upstream.control.configure({ models: ['gpt-4o', 'text-embedding-3-small', 'whisper-1', 'o3-mini', 'dall-e-3', 'gpt-3.5-turbo-instruct'] });
    expect(await createOpenAIProvider(settings()).listModels()).toEqual(['gpt-4o', 'o3-mini']);
    expect(upstream.control.lastRequest).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('falls back to the defaults when the fetch fails', async () => {
    upstream.control.failNext({ status: 500 });
    expect(await createOpenAIProvider(settings()).listModels()).toEqual(defaultOpenAIModels);
    expect(upstream.control.requests).toHaveLength(1);
  });

  it('uses the defaults without a key or when fetching is off', async () => {
    expect(await createOpenAIProvider({ apiKey: 'user_provided', baseURL: `${upstream.url}/v1` }).listModels()).toEqual(defaultOpenAIModels);
    expect(await createOpenAIProvider({ ...settings(), fetchModels: false }).listModels()).toEqual(defaultOpenAIModels);
    expect(upstream.control.requests).toHaveLength(0);
  });
});
