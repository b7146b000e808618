import { describe, expect, it } from 'vitest';
import { postJson, useFakeUpstreams } from './fake-upstreams-fixture.js';

const upstreams = useFakeUpstreams();

/** The `data:` payloads of an SSE body, parsed, without OpenAI's closing [DONE]. */
async function payloads(response: Response): Promise<any[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)));
}

const weather = { name: 'get_weather', input: { city: 'Oslo' } };

describe('fake upstreams answering with tool calls', () => {
  it('stream OpenAI tool_calls deltas: index, id and name first, then the arguments in pieces, finish tool_calls', async () => {
    upstreams.fakes.openai.control.configure({ reply: '', chunkSize: 6, toolCalls: [weather, { id: 'call_x', name: 'clock', input: {} }] });
    const chunks = await payloads(await postJson(`${upstreams.fakes.openai.url}/v1/chat/completions`, { model: 'm', stream: true }));
    const deltas = chunks.map((chunk) => chunk.choices[0].delta);
    expect(deltas[0]).toMatchObject({ role: 'assistant', content: null });
    const fragments = deltas.flatMap((delta) => delta.tool_calls ?? []);
    expect(fragments[0]).toEqual({ index: 0, id: 'call_fake_1', type: 'function', function: { name: 'get_weather', arguments: '' } });
    expect(fragments.filter((fragment) => fragment.index === 0).map((fragment) => fragment.function.arguments).join('')).toBe('{"city":"Oslo"}');
    expect(fragments.filter((fragment) => fragment.index === 0).length).toBeGreaterThan(2);
    expect(fragments.find((fragment) => fragment.index === 1)).toMatchObject({ id: 'call_x', function: { name: 'clock' } });
    expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
  });

  it('answer an OpenAI completion without streaming with message.tool_calls', async () => {
    upstreams.fakes.openai.control.configure({ reply: '', toolCalls: [weather] });
    const body = await (await postJson(`${upstreams.fakes.openai.url}/v1/chat/completions`, { model: 'm' })).json();
    expect(body.choices[0]).toMatchObject({
      message: { content: null, tool_calls: [{ id: 'call_fake_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
      finish_reason: 'tool_calls',
    });
  });

  it('stream Anthropic tool_use blocks with input_json_delta deltas after the text block, stop_reason tool_use', async () => {
    upstreams.fakes.anthropic.control.configure({ reply: 'Let me check.', chunkSize: 5, toolCalls: [weather] });
    const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
    const events = await payloads(await postJson(`${upstreams.fakes.anthropic.url}/v1/messages`, { model: 'claude', stream: true }, headers));
    const start = events.find((event) => event.type === 'content_block_start' && event.index === 1);
    expect(start.content_block).toEqual({ type: 'tool_use', id: 'toolu_fake_1', name: 'get_weather', input: {} });
    const json = events.filter((event) => event.type === 'content_block_delta' && event.index === 1).map((event) => event.delta);
    expect(json.every((delta) => delta.type === 'input_json_delta')).toBe(true);
    expect(json.map((delta) => delta.partial_json).join('')).toBe('{"city":"Oslo"}');
    expect(events.find((event) => event.type === 'message_delta').delta.stop_reason).toBe('tool_use');
  });

  it('open an Anthropic reply that only calls a tool with the tool_use block at index 0', async () => {
    upstreams.fakes.anthropic.control.configure({ reply: '', toolCalls: [weather] });
    const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
    const events = await payloads(await postJson(`${upstreams.fakes.anthropic.url}/v1/messages`, { model: 'claude', stream: true }, headers));
    const starts = events.filter((event) => event.type === 'content_block_start');
    expect(starts.map((event) => [event.index, event.content_block.type])).toEqual([[0, 'tool_use']]);
  });

  it('put Gemini functionCall parts in the last chunk, by request', async () => {
    upstreams.fakes.google.control.configure({ reply: 'ok', chunkSize: 1, toolCalls: (request) => (request.body.tools ? [weather] : []) });
    const url = `${upstreams.fakes.google.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`;
    const chunks = await payloads(await postJson(url, { contents: [], tools: [{ functionDeclarations: [] }] }, { 'x-goog-api-key': 'k' }));
    expect(chunks.map((chunk) => chunk.candidates[0].content.parts)).toEqual([[{ text: 'o' }], [{ text: 'k' }, { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }]]);
    const plain = await payloads(await postJson(url, { contents: [] }, { 'x-goog-api-key': 'k' }));
    expect(plain.flatMap((chunk) => chunk.candidates[0].content.parts).some((part: object) => 'functionCall' in part)).toBe(false);
  });
});
