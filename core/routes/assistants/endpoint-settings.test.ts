import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUpstreams, type FakeUpstreams } from '../../../testing/fake-upstreams/index.js';
import { bearer } from '../../../testing/build-test-server.js';
import { multipartBody, onePixelPng } from '../../../testing/multipart-body.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';

let server: AssistantsTestServer;
let upstreams: FakeUpstreams | undefined;
afterEach(async () => {
  await server?.close();
  await upstreams?.close();
  upstreams = undefined;
});

const allCapabilities = ['code_interpreter', 'image_vision', 'retrieval', 'actions', 'tools'];

/** An assistant written straight to the store, for servers whose builder is off. */
async function storedAssistant(userId: string, id: string) {
  await server.app.store.assistants.create({ id, user: userId, name: id, description: null, instructions: null, model: 'gpt-4o', tools: [], file_ids: [], metadata: { author: userId } });
  // Distinct creation times, so the list's order is the order written.
  await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the assistants endpoint', () => {
  it('is off without a key: not in /api/endpoints, its routes answer unknown_endpoint', async () => {
    server = await startAssistantsServer({ env: { ASSISTANTS_API_KEY: '' } });
    expect((await server.request('GET', '/api/endpoints')).json()).not.toHaveProperty('assistants');
    const response = await server.request('GET', '/api/assistants');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'unknown_endpoint', message: 'The assistants endpoint is not configured on this server' });
  });

  it('ASSISTANTS_API_KEY turns it on with LibreChat’s defaults, its models, and no plain /api/ask turn', async () => {
    server = await startAssistantsServer();
    const endpoints = (await server.request('GET', '/api/endpoints')).json();
    expect(endpoints.assistants).toMatchObject({
      order: 1, userProvide: false, userProvideURL: false, disableBuilder: false, capabilities: allCapabilities,
      retrievalModels: expect.arrayContaining(['gpt-4-turbo-preview', 'gpt-4-1106-preview']),
    });
    expect((await server.request('GET', '/api/models')).json().assistants).toEqual(['gpt-4o', 'gpt-4o-mini']);
    const ask = await server.request('POST', '/api/ask/assistants', { text: 'hi', model: 'gpt-4o', conversationId: null, parentMessageId: '00000000-0000-0000-0000-000000000000' });
    expect(ask.statusCode).toBe(400);
    expect(ask.json().code).toBe('unknown_endpoint');
  });

  it('takes baseURL, apiKey and fetched models from endpoints.assistants, over the environment', async () => {
    upstreams = await startFakeUpstreams();
    upstreams.openai.control.configure({ models: ['fake-assistant-model', 'other-model'] });
    server = await startAssistantsServer({
      yaml: `endpoints:\n  assistants:\n    apiKey: sk-from-yaml\n    baseURL: ${upstreams.openai.url}/v1\n    models:\n      default: [listed-model]\n      fetch: true\n    retrievalModels: [fake-assistant-model]\n    capabilities: [retrieval, tools]\n`,
    });
    expect((await server.request('GET', '/api/models')).json().assistants).toEqual(['fake-assistant-model', 'other-model']);
    expect(upstreams.openai.control.lastRequest?.headers.authorization).toBe('Bearer sk-from-yaml');
    expect((await server.request('GET', '/api/endpoints')).json().assistants).toMatchObject({ capabilities: ['retrieval', 'tools'], retrievalModels: ['fake-assistant-model'] });
    const created = await server.request('POST', '/api/assistants', { model: 'fake-assistant-model', tools: [{ type: 'retrieval' }, 'calculator'] });
    expect(created.statusCode).toBe(201);
    // The list, a second list and the create's model check share one cached fetch of the upstream's models.
    expect((await server.request('GET', '/api/models')).json().assistants).toEqual(['fake-assistant-model', 'other-model']);
    expect(upstreams.openai.control.requests.filter((request) => request.path.endsWith('/models'))).toHaveLength(1);
  });

  it('with a user_provided key shows the key dialog and refuses to save until the user has a key', async () => {
    server = await startAssistantsServer({ yaml: 'endpoints:\n  assistants:\n    apiKey: user_provided\n    models:\n      default: [gpt-4o]\n' });
    expect((await server.request('GET', '/api/endpoints')).json().assistants).toMatchObject({ userProvide: true, userProvideURL: false });
    const response = await server.request('POST', '/api/assistants', { model: 'gpt-4o' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('no_user_key');
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    expect((await server.request('PUT', '/api/keys', { name: 'assistants', value: JSON.stringify({ apiKey: 'sk-mine' }), expiresAt })).statusCode).toBeLessThan(300);
    expect((await server.request('POST', '/api/assistants', { model: 'gpt-4o' })).statusCode).toBe(201);
  });

  it('capabilities refuse the tools they leave out', async () => {
    server = await startAssistantsServer({ yaml: 'endpoints:\n  assistants:\n    capabilities: [retrieval, actions]\n' });
    const cases: Array<[unknown, string]> = [
      [[{ type: 'code_interpreter' }], 'Assistants on this server cannot use code_interpreter: the code_interpreter capability is off'],
      [['calculator'], 'Assistants on this server cannot use the tool "calculator": the tools capability is off'],
      [['image_vision'], 'Assistants on this server cannot use the tool "image_vision": the image_vision capability is off'],
    ];
    for (const [tools, message] of cases) {
      const response = await server.request('POST', '/api/assistants', { model: 'gpt-4o', tools });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const action = { type: 'function', function: { name: 'getWeather_action_api---example---com', description: 'Weather', parameters: { type: 'object', properties: {} } } };
    expect((await server.request('POST', '/api/assistants', { model: 'gpt-4o', tools: [{ type: 'retrieval' }, action] })).json().tools).toEqual([{ type: 'retrieval' }, action]);
  });

  it('disableBuilder refuses creating, changing, deleting and avatars with a 403; supportedIds filter the list', async () => {
    server = await startAssistantsServer({ yaml: 'endpoints:\n  assistants:\n    disableBuilder: true\n    supportedIds: [asst_kept, asst_also]\n' });
    const { alice } = server;
    for (const id of ['asst_kept', 'asst_hidden', 'asst_also']) await storedAssistant(alice.userId, id);
    expect((await server.request('GET', '/api/endpoints')).json().assistants.disableBuilder).toBe(true);
    const upload = await multipartBody([['file', { content: onePixelPng, fileName: 'a.png', type: 'image/png' }]]);
    const attempts = [
      await server.request('POST', '/api/assistants', { model: 'gpt-4o' }),
      await server.request('PATCH', '/api/assistants/asst_kept', { name: 'Changed' }),
      await server.request('DELETE', '/api/assistants/asst_kept'),
      await server.app.inject({ method: 'POST', url: '/api/assistants/avatar/asst_kept', headers: { ...bearer(alice), ...upload.headers }, payload: upload.payload }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('The assistant builder is disabled on this server (endpoints.assistants.disableBuilder)');
    }
    const listed = (await server.request('GET', '/api/assistants?order=asc')).json();
    expect(listed.data.map((assistant: { id: string }) => assistant.id)).toEqual(['asst_kept', 'asst_also']);
    expect((await server.request('GET', '/api/assistants/asst_kept')).json().name).toBe('asst_kept');
  });

  it('excludedIds hide those assistants from the list', async () => {
    server = await startAssistantsServer({ yaml: 'endpoints:\n  assistants:\n    excludedIds: [asst_hidden]\n' });
    for (const id of ['asst_one', 'asst_hidden', 'asst_two']) await storedAssistant(server.alice.userId, id);
    expect((await server.request('GET', '/api/assistants?order=asc')).json().data.map((assistant: { id: string }) => assistant.id)).toEqual(['asst_one', 'asst_two']);
  });
});
