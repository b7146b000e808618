import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../core/plugin-api/index.js';
import { startFakeOpenAI, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest } from '../../shared/stream-test-helpers.js';
import { oneStreamedToolCall, streamedToolCalls, toolHistoryRequest, weatherCall, weatherTool } from '../../../testing/tool-fixtures.js';
import { createOpenAIProvider } from './index.js';

let upstream: FakeUpstream;
const run = (request: ChatRequest) =>
  collectParts(createOpenAIProvider({ apiKey: 'sk-test', baseURL: `${upstream.url}/v1`, maxRetries: 0 }).stream(request, { signal: neverAborted() }));

beforeAll(async () => {
  upstream = await startFakeOpenAI();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('openAI provider tools', () => {
  it('sends tools and tool_choice, the assistant tool call and the tool result in chat completions format', async () => {
    await run(toolHistoryRequest('gpt-4o'));
    const body = upstream.control.lastRequest!.body;
    expect(body.tools).toEqual([{ type: 'function', function: { name: 'get_weather', description: weatherTool.description, parameters: weatherTool.inputSchema } }]);
    expect(body.tool_choice).toBe('auto');
    expect(body.messages).toEqual([
      { role: 'user', content: 'Weather in Oslo?' },
      { role: 'assistant', content: 'Checking.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"celsius":3}' },
    ]);
  });

  it('maps a required or named tool choice, and sends no tools when the request has none', async () => {
    await run(toolHistoryRequest('gpt-4o', undefined, { toolChoice: 'required' }));
    expect(upstream.control.lastRequest!.body.tool_choice).toBe('required');
    await run(toolHistoryRequest('gpt-4o', undefined, { toolChoice: { type: 'tool', name: 'get_weather' } }));
    expect(upstream.control.lastRequest!.body.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    await run(simpleRequest('gpt-4o'));
    expect(upstream.control.lastRequest!.body).not.toHaveProperty('tools');
    expect(upstream.control.lastRequest!.body).not.toHaveProperty('tool_choice');
  });

  it('sends images a tool returned in a user message after the tool message, which takes text only', async () => {
    await run(toolHistoryRequest('gpt-4o', [{ type: 'text', text: 'a chart' }, { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' }]));
    expect(upstream.control.lastRequest!.body.messages.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'call_1', content: 'a chart' },
      { role: 'user', content: [{ type: 'text', text: 'Images returned by the tools above:' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'auto' } }] },
    ]);
  });

  it('sends a tool-only assistant turn with null content', async () => {
    const request = toolHistoryRequest('gpt-4o');
    request.messages[1] = { role: 'assistant', content: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', input: { city: 'Oslo' } }] };
    await run(request);
    expect(upstream.control.lastRequest!.body.messages[1]).toMatchObject({ role: 'assistant', content: null });
  });

  it('streams tool_calls deltas as tool input start, deltas, end and the whole call', async () => {
    upstream.control.configure({ reply: '', chunkSize: 5, toolCalls: [weatherCall] });
    const parts = await run(toolHistoryRequest('gpt-4o'));
    expect(streamedToolCalls(parts)).toEqual(oneStreamedToolCall('call_fake_1'));
    // Streamed as it arrives, one delta per upstream fragment, not assembled at the end.
    expect(parts.filter((part) => part.type === 'tool-input-delta').length).toBe(Math.ceil(JSON.stringify(weatherCall.input).length / 5));
  });

  it('streams text and two parallel calls, each with its own id', async () => {
    upstream.control.configure({ reply: 'On it.', chunkSize: 4, toolCalls: [weatherCall, { id: 'call_b', name: 'clock', input: {} }] });
    const parts = await run(toolHistoryRequest('gpt-4o'));
    expect(parts.filter((part) => part.type === 'text-delta').map((part) => part.text).join('')).toBe('On it.');
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'call_fake_1', name: 'get_weather', input: JSON.stringify(weatherCall.input) },
      { type: 'tool-call', id: 'call_b', name: 'clock', input: '{}' },
    ]);
  });
});
