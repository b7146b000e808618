import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted } from '../../shared/stream-test-helpers.js';
import { oneStreamedToolCall, streamedToolCalls, toolHistoryRequest, weatherCall } from '../../../testing/tool-fixtures.js';
import { createCustomProvider } from './index.js';

let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeOpenAI();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('custom endpoint tools', () => {
  it('sends tools and the tool round trip to the OpenAI-compatible server, keeping dropParams, and streams the calls back', async () => {
    upstream.control.configure({ reply: '', chunkSize: 4, toolCalls: [{ ...weatherCall, id: 'call_9' }] });
    const provider = createCustomProvider({ name: 'Ollama', apiKey: 'ollama', baseURL: `${upstream.url}/v1`, models: { default: ['llama3.1'] }, maxRetries: 0, dropParams: ['tool_choice'] });
    const parts = await collectParts(provider.stream(toolHistoryRequest('llama3.1'), { signal: neverAborted() }));
    const body = upstream.control.lastRequest!.body;
    expect(body.tools).toMatchObject([{ type: 'function', function: { name: 'get_weather', parameters: { required: ['city'] } } }]);
    expect(body).not.toHaveProperty('tool_choice');
    expect(body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_1', content: '{"celsius":3}' });
    expect(streamedToolCalls(parts)).toEqual(oneStreamedToolCall('call_9', { ...weatherCall, id: 'call_9' }));
  });
});
