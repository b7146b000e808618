import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAzureOpenAI, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted } from '../../shared/stream-test-helpers.js';
import { oneStreamedToolCall, streamedToolCalls, toolHistoryRequest, weatherCall } from '../../../testing/tool-fixtures.js';
import { createAzureOpenAIProvider } from './index.js';

let upstream: FakeUpstream;
const provider = () =>
  createAzureOpenAIProvider({
    maxRetries: 0,
    groups: [{ group: 'eastus', apiKey: 'azure-key', baseURL: `${upstream.url}/openai/deployments/\${DEPLOYMENT_NAME}`, version: '2024-10-21', models: { 'gpt-4o': { deploymentName: 'gpt4o' } } }],
  });

beforeAll(async () => {
  upstream = await startFakeAzureOpenAI();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('azureOpenAI provider tools', () => {
  it('sends tools and the tool round trip to the deployment, and streams the calls back past the prompt-filter chunk', async () => {
    upstream.control.configure({ reply: '', chunkSize: 3, toolCalls: [weatherCall] });
    const parts = await collectParts(provider().stream(toolHistoryRequest('gpt-4o', undefined, { toolChoice: { type: 'tool', name: 'get_weather' } }), { signal: neverAborted() }));
    const received = upstream.control.lastRequest!;
    expect(received.path).toBe('/openai/deployments/gpt4o/chat/completions');
    expect(received.body.tools).toMatchObject([{ type: 'function', function: { name: 'get_weather' } }]);
    expect(received.body.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(received.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Checking.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"celsius":3}' },
    ]);
    expect(streamedToolCalls(parts)).toEqual(oneStreamedToolCall('call_fake_1'));
  });
});
