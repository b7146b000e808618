import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../core/plugin-api/index.js';
import { startFakeAnthropic, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest } from '../../shared/stream-test-helpers.js';
import { oneStreamedToolCall, streamedToolCalls, toolHistoryRequest, weatherCall, weatherTool } from '../../../testing/tool-fixtures.js';
import { createAnthropicProvider } from './index.js';

let upstream: FakeUpstream;
const run = (request: ChatRequest) => collectParts(createAnthropicProvider({ apiKey: 'sk-ant-test', baseURL: upstream.url, maxRetries: 0 }).stream(request, { signal: neverAborted() }));

beforeAll(async () => {
  upstream = await startFakeAnthropic();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('anthropic provider tools', () => {
  it('sends tools with input_schema, the tool_use block and the tool_result in a user turn', async () => {
    await run(toolHistoryRequest('claude-sonnet-4-5'));
    const body = upstream.control.lastRequest!.body;
    expect(body.tools).toEqual([{ name: 'get_weather', description: weatherTool.description, input_schema: weatherTool.inputSchema }]);
    expect(body.tool_choice).toEqual({ type: 'auto' });
    expect(body.messages).toEqual([
      { role: 'user', content: 'Weather in Oslo?' },
      { role: 'assistant', content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Oslo' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: '{"celsius":3}' }] }] },
    ]);
  });

  it('merges tool results and a following prompt into one user turn, results first, and marks errors and images', async () => {
    const request = toolHistoryRequest('claude-sonnet-4-5');
    request.messages[2] = { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'get_weather', isError: true, output: [{ type: 'text', text: 'no such city' }, { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' }] }] };
    request.messages.push({ role: 'user', content: 'Try Bergen then.' });
    await run(request);
    expect(upstream.control.lastRequest!.body.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'call_1',
          is_error: true,
          content: [{ type: 'text', text: 'no such city' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }],
        },
        { type: 'text', text: 'Try Bergen then.' },
      ],
    });
  });

  it('maps required to any and a named choice to tool, and sends no tools when the request has none', async () => {
    await run(toolHistoryRequest('claude-sonnet-4-5', undefined, { toolChoice: 'required' }));
    expect(upstream.control.lastRequest!.body.tool_choice).toEqual({ type: 'any' });
    await run(toolHistoryRequest('claude-sonnet-4-5', undefined, { toolChoice: { type: 'tool', name: 'get_weather' } }));
    expect(upstream.control.lastRequest!.body.tool_choice).toEqual({ type: 'tool', name: 'get_weather' });
    await run(simpleRequest('claude-sonnet-4-5'));
    expect(upstream.control.lastRequest!.body).not.toHaveProperty('tools');
  });

  it('streams tool_use blocks as tool input start, input_json deltas, end and the whole call', async () => {
    upstream.control.configure({ reply: 'Let me look.', chunkSize: 4, toolCalls: [weatherCall] });
    const parts = await run(toolHistoryRequest('claude-sonnet-4-5'));
    expect(parts.filter((part) => part.type === 'text-delta').map((part) => part.text).join('')).toBe('Let me look.');
    expect(streamedToolCalls(parts)).toEqual(oneStreamedToolCall('toolu_fake_1'));
    // One delta per non-empty input_json_delta: streamed as it arrives, not assembled at the block's stop.
    expect(parts.filter((part) => part.type === 'tool-input-delta').length).toBe(Math.ceil(JSON.stringify(weatherCall.input).length / 4));
  });
});
