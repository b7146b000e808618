import { describe, expect, it } from 'vitest';
import { postJson, useFakeUpstreams } from './fake-upstreams-fixture.js';

const upstreams = useFakeUpstreams();

/** The `data:` payloads of an SSE body, in order. */
async function dataLines(response: Response): Promise<string[]> {
  const text = await response.text();
  return text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
}

describe('fake upstreams', () => {
  it('start on four loopback ports', () => {
    const urls = [upstreams.fakes.openai.url, upstreams.fakes.azure.url, upstreams.fakes.anthropic.url, upstreams.fakes.google.url];
    expect(new Set(urls).size).toBe(4);
    for (const url of urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('stream OpenAI chunks: role first, deltas, finish, usage on request, then [DONE]', async () => {
    upstreams.fakes.openai.control.configure({ reply: 'abcde', chunkSize: 2 });
    const response = await postJson(`${upstreams.fakes.openai.url}/v1/chat/completions`, { model: 'm', stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const lines = await dataLines(response);
    expect(lines.at(-1)).toBe('[DONE]');
    const chunks = lines.slice(0, -1).map((line) => JSON.parse(line));
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.slice(1, 4).map((chunk) => chunk.choices[0].delta.content)).toEqual(['ab', 'cd', 'e']);
    expect(chunks[4].choices[0].finish_reason).toBe('stop');
    expect(chunks[5]).toMatchObject({ choices: [], usage: { completion_tokens: 3 } });
  });

  it('answer OpenAI without streaming, and the reply may depend on the request', async () => {
    upstreams.fakes.openai.control.configure({ reply: (request) => `echo: ${request.body.messages[0].content}` });
    const response = await postJson(`${upstreams.fakes.openai.url}/v1/chat/completions`, { model: 'gpt-4o', messages: [{ role: 'user', content: 'ping' }] });
    const body = await response.json();
    expect(body).toMatchObject({ object: 'chat.completion', model: 'gpt-4o', choices: [{ message: { role: 'assistant', content: 'echo: ping' }, finish_reason: 'stop' }] });
  });

  it('record method, path, query, headers and body', async () => {
    await fetch(`${upstreams.fakes.openai.url}/v1/models?user=u1`, { headers: { authorization: 'Bearer sk-x' } });
    expect(upstreams.fakes.openai.control.lastRequest).toMatchObject({ method: 'GET', path: '/v1/models', query: { user: 'u1' }, headers: { authorization: 'Bearer sk-x' } });
    expect(await upstreams.fakes.openai.control.lastRequest!.outcome).toBe('completed');
  });

  it('fail the next N requests in the provider error format, then recover', async () => {
    upstreams.fakes.openai.control.failNext({ status: 429, code: 'insufficient_quota' }, 2);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await postJson(`${upstreams.fakes.openai.url}/v1/chat/completions`, { model: 'm' });
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ error: { message: expect.stringContaining('quota'), type: 'insufficient_quota', param: null, code: 'insufficient_quota' } });
    }
    expect((await postJson(`${upstreams.fakes.openai.url}/v1/chat/completions`, { model: 'm' })).status).toBe(200);
  });

  it('pace frames by delayMs', async () => {
    upstreams.fakes.openai.control.configure({ reply: 'abc', chunkSize: 1, delayMs: 40 });
    const started = Date.now();
    await (await postJson(`${upstreams.fakes.openai.url}/v1/chat/completions`, { model: 'm', stream: true })).text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('cut the socket after N content frames', async () => {
    upstreams.fakes.openai.control.configure({ reply: 'abcdef', chunkSize: 1, disconnectAfterChunks: 2 });
    const response = await postJson(`${upstreams.fakes.openai.url}/v1/chat/completions`, { model: 'm', stream: true });
    await expect(response.text()).rejects.toThrow();
    expect(await upstreams.fakes.openai.control.lastRequest!.outcome).toBe('disconnected');
  });

  it('make Azure require api-version and api-key, and open with a prompt filter chunk', async () => {
    const path = `${upstreams.fakes.azure.url}/openai/deployments/gpt4/chat/completions`;
    expect((await postJson(path, { stream: true }, { 'api-key': 'k' })).status).toBe(404);
    expect((await postJson(`${path}?api-version=2024-10-21`, { stream: true })).status).toBe(401);
    const lines = await dataLines(await postJson(`${path}?api-version=2024-10-21`, { stream: true }, { 'api-key': 'k' }));
    expect(JSON.parse(lines[0])).toMatchObject({ choices: [], prompt_filter_results: [{ prompt_index: 0 }] });
    expect(JSON.parse(lines[1]).model).toBe('gpt4');
  });

  it('stream Anthropic named events in order and answer errors in its format', async () => {
    const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
    const response = await postJson(`${upstreams.fakes.anthropic.url}/v1/messages`, { model: 'claude', stream: true }, headers);
    const events = (await response.text()).split('\n').filter((line) => line.startsWith('event: ')).map((line) => line.slice(7));
    expect(events.filter((name, index) => events.indexOf(name) === index)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    upstreams.fakes.anthropic.control.failNext({ status: 529 });
    const failed = await postJson(`${upstreams.fakes.anthropic.url}/v1/messages`, { model: 'claude' }, headers);
    expect(failed.status).toBe(529);
    expect(await failed.json()).toMatchObject({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  });

  it('answer Anthropic without streaming, and refuse a request without a key', async () => {
    const response = await postJson(`${upstreams.fakes.anthropic.url}/v1/messages`, { model: 'claude' }, { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' });
    expect(await response.json()).toMatchObject({ type: 'message', content: [{ type: 'text', text: 'Hello from the fake upstream.' }], stop_reason: 'end_turn' });
    expect((await postJson(`${upstreams.fakes.anthropic.url}/v1/messages`, { model: 'claude' })).status).toBe(401);
  });

  it('stream Gemini chunks with the finish reason on the last one', async () => {
    upstreams.fakes.google.control.configure({ reply: 'abcd', chunkSize: 2 });
    const url = `${upstreams.fakes.google.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`;
    const chunks = (await dataLines(await postJson(url, { contents: [] }, { 'x-goog-api-key': 'k' }))).map((line) => JSON.parse(line));
    expect(chunks.map((chunk) => chunk.candidates[0].content.parts[0].text)).toEqual(['ab', 'cd']);
    expect(chunks.map((chunk) => chunk.candidates[0].finishReason)).toEqual([undefined, 'STOP']);
    expect(chunks[1].modelVersion).toBe('gemini-2.5-flash');
  });

  it('answer Gemini generateContent, and errors in its format', async () => {
    const url = `${upstreams.fakes.google.url}/v1beta/models/gemini-2.5-pro:generateContent`;
    expect(await (await postJson(url, {}, { 'x-goog-api-key': 'k' })).json()).toMatchObject({ candidates: [{ finishReason: 'STOP' }] });
    upstreams.fakes.google.control.failNext({ status: 400, code: 'API_KEY_INVALID' });
    const failed = await postJson(url, {}, { 'x-goog-api-key': 'bad' });
    expect(await failed.json()).toEqual({
      error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [expect.objectContaining({ reason: 'API_KEY_INVALID' })] },
    });
    expect((await postJson(url, {})).status).toBe(403);
  });

  it('replay a recorded transcript frame by frame', async () => {
    upstreams.fakes.openai.control.replayNext('data: {"recorded":1}\r\n\r\ndata: [DONE]\r\n\r\n');
    const lines = await dataLines(await postJson(`${upstreams.fakes.openai.url}/v1/chat/completions`, { stream: true }));
    expect(lines).toEqual(['{"recorded":1}', '[DONE]']);
  });
});
