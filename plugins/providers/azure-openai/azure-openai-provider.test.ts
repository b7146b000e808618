import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatPart } from '../../../core/plugin-api/index.js';
import { startFakeAzureOpenAI, type FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { collectParts, neverAborted, simpleRequest, textOf } from '../../shared/stream-test-helpers.js';
import { createAzureOpenAIProvider, type AzureOpenAISettings } from './index.js';

let upstream: FakeUpstream;

const settings = (): AzureOpenAISettings => ({
  maxRetries: 0,
  groups: [
    {
      group: 'eastus',
      apiKey: 'azure-key-1',
      instanceName: 'my-eastus',
      deploymentName: 'gpt4o-deploy',
      version: '2024-10-21',
      baseURL: `${upstream.url}/openai/deployments/\${DEPLOYMENT_NAME}`,
      additionalHeaders: { 'x-team': 'research' },
      addParams: { seed: 7 },
      dropParams: ['user'],
      models: { 'gpt-4o': true, 'gpt-3.5-turbo': { deploymentName: 'gpt-35-turbo', version: '2024-02-01' } },
    },
    { group: 'mistral', apiKey: 'azure-key-2', serverless: true, baseURL: `${upstream.url}/v1/chat/completions`, models: { 'mistral-large': true } },
  ],
});
const stream = (model: string, overrides: Partial<Parameters<ReturnType<typeof createAzureOpenAIProvider>['stream']>[1]> = {}, input = settings()) =>
  collectParts(createAzureOpenAIProvider(input).stream(simpleRequest(model, 'Hi', { user: 'user-1' }), { signal: neverAborted(), ...overrides }));

beforeAll(async () => {
  upstream = await startFakeAzureOpenAI();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.control.reset());

describe('azureOpenAI provider', () => {
  it('calls the group deployment with api-version, api-key and the group extras', async () => {
    upstream.control.configure({ reply: 'Hello Azure', usage: { promptTokens: 3, completionTokens: 2 } });
    const parts = await stream('gpt-4o');
    expect(textOf(parts)).toBe('Hello Azure');
    expect(parts.at(-1)).toEqual({ type: 'finish', finishReason: 'stop', usage: { promptTokens: 3, completionTokens: 2 } });
    const received = upstream.control.lastRequest!;
    expect(received.path).toBe('/openai/deployments/gpt4o-deploy/chat/completions');
    expect(received.query).toEqual({ 'api-version': '2024-10-21' });
    expect(received.headers['api-key']).toBe('azure-key-1');
    expect(received.headers.authorization).toBeUndefined();
    expect(received.headers['x-team']).toBe('research');
    expect(received.body).toMatchObject({ model: 'gpt-4o', seed: 7, stream_options: { include_usage: true } });
    expect(received.body).not.toHaveProperty('user');
  });

  it('uses the per-model deployment and version, without the usage chunk old versions reject', async () => {
    const parts = await stream('gpt-3.5-turbo');
    expect(upstream.control.lastRequest).toMatchObject({ path: '/openai/deployments/gpt-35-turbo/chat/completions', query: { 'api-version': '2024-02-01' } });
    expect(upstream.control.lastRequest!.body).not.toHaveProperty('stream_options');
    expect(parts.at(-1)).not.toHaveProperty('usage');
    expect(parts.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
  });

  it('calls a serverless group at its base URL', async () => {
    await stream('mistral-large');
    expect(upstream.control.lastRequest).toMatchObject({ path: '/v1/chat/completions', query: {} });
    expect(upstream.control.lastRequest!.headers['api-key']).toBe('azure-key-2');
  });

  it('refuses a model no group serves, without a request', async () => {
    expect(await stream('gpt-5')).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'not_found' }) }]);
    expect(upstream.control.requests).toHaveLength(0);
  });

  it('takes a user key over a user_provided group key', async () => {
    const input = settings();
    input.groups![0].apiKey = 'user_provided';
    await stream('gpt-4o', { credentials: { apiKey: 'users-own-key' } }, input);
    expect(upstream.control.lastRequest!.headers['api-key']).toBe('users-own-key');
  });

  it.each([
    [401, 'invalid_api_key'],
    [429, 'rate_limited'],
    [500, 'server_error'],
  ])('classifies a %i as %s', async (status, kind) => {
    upstream.control.failNext({ status });
    expect(await stream('gpt-4o')).toEqual([{ type: 'error', error: expect.objectContaining({ kind, statusCode: status }) }]);
  });

  it('maps a recorded Azure transcript with its prompt filter chunk', async () => {
    upstream.control.replayNext(await readFile(new URL('./__fixtures__/azure-gpt-4o-stream.sse', import.meta.url), 'utf8'));
    const parts = await stream('gpt-4o');
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Azure' },
      { type: 'text-delta', text: ' says' },
      { type: 'text-delta', text: ' hello' },
      { type: 'text-delta', text: '.' },
      { type: 'finish', finishReason: 'stop', usage: { promptTokens: 11, completionTokens: 4 } },
    ]);
  });

  it('stops the deployment call when the signal fires', async () => {
    upstream.control.configure({ reply: 'x'.repeat(100), chunkSize: 1, delayMs: 20 });
    const controller = new AbortController();
    const parts: ChatPart[] = [];
    for await (const part of createAzureOpenAIProvider(settings()).stream(simpleRequest('gpt-4o'), { signal: controller.signal })) {
      parts.push(part);
      controller.abort();
    }
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'aborted' }) });
    expect(await upstream.control.lastRequest!.outcome).toBe('client-closed');
  });

  it('lists the models of every group', async () => {
    expect(await createAzureOpenAIProvider(settings()).listModels()).toEqual(['gpt-4o', 'gpt-3.5-turbo', 'mistral-large']);
  });
});
