import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../core/plugin-api/index.js';
import { startFakeGoogle, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest } from '../../shared/stream-test-helpers.js';
import { oneStreamedToolCall, streamedToolCalls, toolHistoryRequest, weatherCall, weatherTool } from '../../../testing/tool-fixtures.js';
import { createGoogleProvider } from './index.js';

let upstream: FakeUpstream;
const run = (request: ChatRequest) => collectParts(createGoogleProvider({ apiKey: 'google-key', baseURL: upstream.url }).stream(request, { signal: neverAborted() }));

beforeAll(async () => {
  upstream = await startFakeGoogle();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('google provider tools', () => {
  it('sends functionDeclarations in Gemini schema, toolConfig, the functionCall and the functionResponse', async () => {
    await run(toolHistoryRequest('gemini-2.5-flash'));
    const body = upstream.control.lastRequest!.body;
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: weatherTool.description,
            // $schema and additionalProperties are dropped: Gemini refuses fields it does not know.
            parameters: {
              type: 'object',
              properties: { city: { type: 'string', description: 'The city name' }, unit: { type: 'string', format: 'enum', enum: ['celsius', 'fahrenheit'] } },
              required: ['city'],
            },
          },
        ],
      },
    ]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Oslo?' }] },
      { role: 'model', parts: [{ text: 'Checking.' }, { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { content: '{"celsius":3}' } } }] },
    ]);
  });

  it('sends an error result as response.error, with returned images inline after it, before a following prompt', async () => {
    const request = toolHistoryRequest('gemini-2.5-flash');
    request.messages[2] = { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'get_weather', isError: true, output: [{ type: 'text', text: 'no such city' }, { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' }] }] };
    request.messages.push({ role: 'user', content: 'Try Bergen then.' });
    await run(request);
    expect(upstream.control.lastRequest!.body.contents.at(-1)).toEqual({
      role: 'user',
      parts: [{ functionResponse: { name: 'get_weather', response: { error: 'no such city' } } }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }, { text: 'Try Bergen then.' }],
    });
  });

  it('maps required and a named choice to ANY (with the allowed name), none to NONE, and sends no tools when the request has none', async () => {
    await run(toolHistoryRequest('gemini-2.5-flash', undefined, { toolChoice: 'required' }));
    expect(upstream.control.lastRequest!.body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    await run(toolHistoryRequest('gemini-2.5-flash', undefined, { toolChoice: { type: 'tool', name: 'get_weather' } }));
    expect(upstream.control.lastRequest!.body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } });
    await run(toolHistoryRequest('gemini-2.5-flash', undefined, { toolChoice: 'none' }));
    expect(upstream.control.lastRequest!.body.toolConfig).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    await run(simpleRequest('gemini-2.5-flash'));
    expect(upstream.control.lastRequest!.body).not.toHaveProperty('tools');
  });

  it('streams functionCall parts as tool input start, one delta, end and the whole call, and finishes with tool_calls', async () => {
    upstream.control.configure({ reply: 'Sure.', chunkSize: 2, toolCalls: [weatherCall] });
    const parts = await run(toolHistoryRequest('gemini-2.5-flash'));
    expect(parts.filter((part) => part.type === 'text-delta').map((part) => part.text).join('')).toBe('Sure.');
    expect(streamedToolCalls(parts)).toEqual(oneStreamedToolCall('call_1'));
  });
});
