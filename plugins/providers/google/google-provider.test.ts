import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../core/plugin-api/index.js';
import { startFakeGoogle, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest, textWithImages, textOf } from '../../shared/stream-test-helpers.js';
import { createGoogleProvider, defaultGoogleModels } from './index.js';

let upstream: FakeUpstream;
const settings = () => ({ apiKey: 'google-key', baseURL: upstream.url });
const run = (request: ChatRequest = simpleRequest('gemini-2.5-flash')) => collectParts(createGoogleProvider(settings()).stream(request, { signal: neverAborted() }));

beforeAll(async () => {
  upstream = await startFakeGoogle();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('google provider streaming', () => {
  it('streams the deltas in order, then usage, then the finish reason', async () => {
    upstream.control.configure({ reply: 'Gemini here', chunkSize: 4, usage: { promptTokens: 6, completionTokens: 3 } });
    expect(await run()).toEqual([
      { type: 'text-delta', text: 'Gemi' },
      { type: 'text-delta', text: 'ni h' },
      { type: 'text-delta', text: 'ere' },
      { type: 'finish', finishReason: 'stop', usage: { promptTokens: 6, completionTokens: 3 } },
    ]);
  });

  it('sends examples, context, merged turns and generation settings upstream', async () => {
    await run({
      model: 'gemini-2.5-flash',
      system: 'You are a poet.',
      messages: [
        { role: 'user', content: 'Write about rain' },
        { role: 'user', content: 'in four lines' },
        { role: 'assistant', content: 'Rain falls…' },
        { role: 'user', content: 'Now snow' },
      ],
      parameters: { temperature: 0.2, topP: 0.8, topK: 40, maxOutputTokens: 1024, stop: ['END'] },
      extra: {
        context: 'Rhyme every line.',
        examples: [{ input: { content: 'Sun?' }, output: { content: 'Bright fun.' } }, { input: { content: '' }, output: { content: '' } }],
      },
    });
    const received = upstream.control.lastRequest!;
    expect(received.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent');
    expect(received.query).toEqual({ alt: 'sse' });
    expect(received.headers['x-goog-api-key']).toBe('google-key');
    expect(received.body).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'Sun?' }] },
        { role: 'model', parts: [{ text: 'Bright fun.' }] },
        { role: 'user', parts: [{ text: 'Write about rain\n\nin four lines' }] },
        { role: 'model', parts: [{ text: 'Rain falls…' }] },
        { role: 'user', parts: [{ text: 'Now snow' }] },
      ],
      systemInstruction: { role: 'system', parts: [{ text: 'You are a poet.\n\nRhyme every line.' }] },
      generationConfig: { temperature: 0.2, topP: 0.8, topK: 40, maxOutputTokens: 1024, stopSequences: ['END'] },
      safetySettings: [],
    });
  });

  it('sends data URL images inline and refuses other image URLs', async () => {
    const request = simpleRequest('gemini-2.5-flash', 'What is it?');
    request.messages[0].content = textWithImages('What is it?', [{ url: 'data:image/jpeg;base64,/9j/4AAQ' }]);
    await run(request);
    expect(upstream.control.lastRequest!.body.contents[0].parts).toEqual([{ inlineData: { mimeType: 'image/jpeg', data: '/9j/4AAQ' } }, { text: 'What is it?' }]);
    request.messages[0].content = textWithImages('What is it?', [{ url: 'https://example.com/cat.png' }]);
    expect(await run(request)).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'bad_request' }) }]);
    expect(upstream.control.requests).toHaveLength(1);
  });

  it('sends data URL files inline and refuses other file URLs', async () => {
    const request = simpleRequest('gemini-2.5-flash', 'Summarise');
    request.messages[0].content = [{ type: 'text', text: 'Summarise' }, { type: 'file', url: 'data:application/pdf;base64,JVBERi0=', mediaType: 'application/pdf' }];
    await run(request);
    expect(upstream.control.lastRequest!.body.contents[0].parts).toEqual([{ inlineData: { mimeType: 'application/pdf', data: 'JVBERi0=' } }, { text: 'Summarise' }]);
    request.messages[0].content = [{ type: 'file', url: 'https://example.com/a.pdf', mediaType: 'application/pdf' }];
    expect(await run(request)).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'bad_request', message: expect.stringContaining('files as data URLs') }) }]);
  });

  it('refuses retired PaLM models with a message naming the model and a Gemini alternative', async () => {
    const parts = await run(simpleRequest('chat-bison'));
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'bad_request', isRetryable: false }) }]);
    const message = parts[0].type === 'error' ? parts[0].error.message : '';
    expect(message).toContain('"chat-bison"');
    expect(message).toContain('gemini-2.5-flash');
    expect(upstream.control.requests).toHaveLength(0);
  });

  it.each([
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content_filter'],
    ['OTHER', 'other'],
  ])('maps finishReason %s to %s', async (finishReason, expected) => {
    upstream.control.configure({ finishReason });
    expect((await run()).at(-1)).toMatchObject({ type: 'finish', finishReason: expected });
  });

  it('maps a recorded gemini-2.0-flash transcript', async () => {
    upstream.control.replayNext(await readFile(new URL('./__fixtures__/gemini-2.0-flash-stream.sse', import.meta.url), 'utf8'));
    const parts = await run();
    expect(textOf(parts)).toBe('The sky looks blue because of Rayleigh scattering: air molecules scatter short blue wavelengths far more than red ones.\n');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop', usage: { promptTokens: 9, completionTokens: 21 } });
  });

  it('maps thought parts to reasoning and counts thought tokens', async () => {
    const chunk = (parts: object[], extra: object = {}) => `data: ${JSON.stringify({ candidates: [{ content: { parts, role: 'model' }, index: 0, ...extra }] })}\n\n`;
    upstream.control.replayNext(
      chunk([{ text: 'Considering the question.', thought: true }]) +
        chunk([{ text: 'Answer.' }], { finishReason: 'STOP' }).replace('}]}', '}],"usageMetadata":{"promptTokenCount":4,"candidatesTokenCount":2,"thoughtsTokenCount":30,"totalTokenCount":36}}'),
    );
    expect(await run()).toEqual([
      { type: 'reasoning-delta', id: 'reasoning-0', text: 'Considering the question.' },
      { type: 'text-delta', text: 'Answer.' },
      { type: 'finish', finishReason: 'stop', usage: { promptTokens: 4, completionTokens: 32 } },
    ]);
  });

  it('uses a per-call key, and fails without one', async () => {
    const provider = createGoogleProvider({ apiKey: 'user_provided', baseURL: upstream.url });
    await collectParts(provider.stream(simpleRequest('gemini-2.5-flash'), { signal: neverAborted(), credentials: { apiKey: 'users-google-key' } }));
    expect(upstream.control.lastRequest!.headers['x-goog-api-key']).toBe('users-google-key');
    expect(await collectParts(provider.stream(simpleRequest('gemini-2.5-flash'), { signal: neverAborted() }))).toEqual([
      { type: 'error', error: expect.objectContaining({ kind: 'invalid_api_key' }) },
    ]);
  });

  it('lists the configured models without PaLM names, else the defaults', async () => {
    expect(await createGoogleProvider({ models: ['gemini-1.5-pro', 'chat-bison', 'text-bison@001'] }).listModels()).toEqual(['gemini-1.5-pro']);
    expect(await createGoogleProvider().listModels()).toEqual(defaultGoogleModels);
  });
});
