import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { actionFunctionName } from '../../protocol/openapi/index.js';
import { bearer } from '../../../testing/build-test-server.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';
import { startActionTestApi, type ActionTestApi } from '../../../testing/action-api/action-test-api.js';
import { notesSpecYaml, weatherSpecJson } from '../../../testing/action-api/action-specs.js';
import { startFakeUpstreams, type FakeUpstreams, type RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { parseSseFrames } from '../../../testing/sse-frames.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';

let upstreams: FakeUpstreams;
let api: ActionTestApi;
/** The test API listens on 127.0.0.1: the operator allow-lists it, as an intranet API would be. */
let server: AssistantsTestServer;
/** No allow-list: every action request goes through the SSRF guard. */
let guarded: AssistantsTestServer;

const env = () => ({ ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false', LIMIT_MESSAGE_USER: 'false' });

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  api = await startActionTestApi();
  server = await startAssistantsServer({ yaml: `actions:\n  allowedDomains: ['127.0.0.1']\n`, env: env() });
  guarded = await startAssistantsServer({ env: env() });
});
afterAll(async () => {
  await server?.close();
  await guarded?.close();
  await upstreams?.close();
  await api?.close();
});
beforeEach(() => {
  upstreams.reset();
  api.reset();
});

async function createAssistant(target = server, account = target.alice): Promise<string> {
  const response = await target.request('POST', '/api/assistants', { name: 'Forecaster', model: 'gpt-4o' }, account);
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

const saveAction = (assistantId: string, metadata: Record<string, unknown>, extra: Record<string, unknown> = {}, target = server, account = target.alice) =>
  target.request('POST', `/api/assistants/actions/${assistantId}`, { model: 'gpt-4o', functions: [], ...extra, metadata: { raw_spec: weatherSpecJson(api.url), ...metadata } }, account);

/** The model calls `name` with `input` once, then answers with what the tool returned. */
function callOnce(name: string, input: Record<string, unknown>) {
  upstreams.openai.control.configure({
    reply: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? 'Checking.' : `The API said: ${toolResultsIn(request.body).join()}`),
    toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? [{ id: 'call_action_1', name, input }] : []),
  });
}

async function run(assistantId: string) {
  const response = await server.app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(server.alice), payload: { text: 'Weather in Paris?', assistant_id: assistantId, model: 'gpt-4o', parentMessageId: NO_PARENT } });
  return parseSseFrames(response.body);
}

const weatherTool = () => actionFunctionName('getWeather', '127.0.0.1');

describe('POST /api/assistants/actions/:assistant_id', () => {
  it("answers [assistant document, assistant, action] without secrets, renames the assistant's functions, and keeps omitted secrets on update", async () => {
    const assistantId = await createAssistant();
    const saved = await saveAction(assistantId, { auth: { type: 'service_http', authorization_type: 'bearer' }, api_key: 'secret-key-1', privacy_policy_url: 'https://example.com/privacy' });
    expect(saved.statusCode).toBe(200);
    const [document, assistant, action] = saved.json();
    expect(document).toMatchObject({ assistant_id: assistantId, actions: [`127.0.0.1_action_${action.action_id}`] });
    const documents = (await server.request('GET', '/api/assistants/documents')).json();
    expect(documents.find((entry: { assistant_id: string }) => entry.assistant_id === assistantId).actions).toEqual([`127.0.0.1_action_${action.action_id}`]);
    expect(assistant.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual([weatherTool(), actionFunctionName('getBig', '127.0.0.1'), actionFunctionName('getMissing', '127.0.0.1')]);
    expect(action).toMatchObject({ assistant_id: assistantId, type: 'action_prototype', metadata: { domain: '127.0.0.1', privacy_policy_url: 'https://example.com/privacy', auth: { type: 'service_http', authorization_type: 'bearer' } } });
    expect(saved.body).not.toContain('secret-key-1');
    expect(action.metadata.api_key).toBeUndefined();

    // Update without the key: it is kept, and the functions are replaced, not added again.
    const updated = await saveAction(assistantId, { auth: { type: 'service_http', authorization_type: 'bearer' } }, { action_id: action.action_id });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()[1].tools).toHaveLength(3);
    callOnce(weatherTool(), { city: 'Paris' });
    await run(assistantId);
    expect(api.requests.find((request) => request.url.startsWith('/v1/weather'))?.headers.authorization).toBe('Bearer secret-key-1');

    const listed = await server.request('GET', '/api/assistants/actions');
    expect(listed.json()).toEqual([expect.objectContaining({ action_id: action.action_id })]);
    expect(listed.body).not.toContain('secret-key-1');
    expect((await server.request('GET', '/api/assistants/actions', undefined, server.bob)).json()).toEqual([]);
  });

  it('refuses bad specs with the messages of spec 001 §5, missing auth fields, and bad bodies', async () => {
    const assistantId = await createAssistant();
    const refused = async (metadata: Record<string, unknown>) => {
      const response = await saveAction(assistantId, metadata);
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(await refused({ raw_spec: 'not: [valid' })).toContain('Error parsing OpenAPI spec.');
    expect(await refused({ raw_spec: JSON.stringify({ openapi: '3.1.0', paths: { '/a': { get: {} } } }) })).toContain('Could not find a valid URL in `servers`');
    expect(await refused({ raw_spec: JSON.stringify({ openapi: '3.1.0', servers: [{ url: api.url }], paths: {} }) })).toContain('No paths found in the OpenAPI spec.');
    expect(await refused({ auth: { type: 'service_http', authorization_type: 'bearer' } })).toContain('API Key is required');
    expect(await refused({ auth: { type: 'service_http', authorization_type: 'custom' }, api_key: 'k' })).toContain('Custom header name is required');
    expect(await refused({ auth: { type: 'oauth', client_url: `${api.url}/oauth/token`, authorization_url: `${api.url}/oauth/authorize` }, oauth_client_id: 'id', oauth_client_secret: 'secret' })).toContain('Scope is required');
    expect(await refused({ auth: { type: 'magic' } })).toContain('auth.type');
    const noBody = await server.request('POST', `/api/assistants/actions/${assistantId}`, { metadata: 'nonsense' });
    expect(noBody.statusCode).toBe(400);
  });

  it("refuses another user's assistant and action ids on every route", async () => {
    const assistantId = await createAssistant();
    const { action_id } = (await saveAction(assistantId, { auth: { type: 'none' } })).json()[2];
    const bobAssistant = await createAssistant(server, server.bob);
    expect((await saveAction(assistantId, { auth: { type: 'none' } }, {}, server, server.bob)).statusCode).toBe(404);
    // Bob cannot take Alice's action over by its id, on his own assistant either.
    const hijack = await saveAction(bobAssistant, { auth: { type: 'none' } }, { action_id }, server, server.bob);
    expect(hijack.statusCode).toBe(200);
    const own = (await server.request('GET', '/api/assistants/actions')).json().find((action: { action_id: string }) => action.action_id === action_id);
    expect(own).toMatchObject({ action_id, assistant_id: assistantId });
    expect((await server.request('DELETE', `/api/assistants/actions/${assistantId}/${action_id}/gpt-4o`, undefined, server.bob)).statusCode).toBe(404);
    expect((await server.request('DELETE', `/api/assistants/actions/${bobAssistant}/${action_id}/gpt-4o`)).statusCode).toBe(404);
    const deleted = await server.request('DELETE', `/api/assistants/actions/${assistantId}/${action_id}/gpt-4o`);
    expect(deleted.json()).toEqual({ message: 'Action deleted successfully' });
    expect((await server.request('GET', `/api/assistants/${assistantId}`)).json().tools).toEqual([]);
    expect((await server.request('GET', '/api/assistants/actions')).json().some((action: { action_id: string }) => action.action_id === action_id)).toBe(false);
  });
});

describe('SSRF and the allow-list', () => {
  it('refuses private, loopback, link-local and metadata servers without an allow-list, and domains outside a set one', async () => {
    const assistantId = await createAssistant(guarded);
    for (const host of ['127.0.0.1', 'localhost', '0x7f000001', '2130706433', '[::1]', '[::ffff:127.0.0.1]', '169.254.169.254', '10.0.0.8', '192.168.1.1']) {
      const response = await saveAction(assistantId, { raw_spec: weatherSpecJson(`http://${host}:8080`) }, {}, guarded);
      expect(response.statusCode, host).toBe(400);
      expect(response.json().message, host).toMatch(/cannot be called/);
    }
    const other = await saveAction(await createAssistant(), { raw_spec: weatherSpecJson('https://api.example.com') });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toContain('not in the allowed domains');
  });
});

describe('assistant runs calling actions', () => {
  it('calls the API with the path and query built, answers from its reply, and marks the call an action', async () => {
    const assistantId = await createAssistant();
    await saveAction(assistantId, { auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key' }, api_key: 'k-123' });
    callOnce(weatherTool(), { city: 'São Paulo', units: 'imperial' });
    const frames = await run(assistantId);
    const call = api.requests.find((request) => request.url.startsWith('/v1/weather'))!;
    expect(call.url).toBe('/v1/weather/S%C3%A3o%20Paulo?units=imperial');
    expect(call.headers['x-api-key']).toBe('k-123');
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers.authorization).toBeUndefined();
    const final = frames.find((frame) => frame.data.final)!.data;
    expect(JSON.stringify(final)).toContain('The API said: {\\"city\\":\\"São Paulo\\"');
    const toolCall = frames.map((frame) => frame.data).find((data) => data.type === 'tool_call' && data.tool_call.progress === 1);
    expect(toolCall.tool_call).toMatchObject({ action: true, function: { name: weatherTool() } });
  });

  it('sends Basic auth, JSON and form bodies from the YAML spec, and DELETE', async () => {
    const assistantId = await createAssistant();
    const saved = await saveAction(assistantId, { raw_spec: notesSpecYaml(api.url), auth: { type: 'service_http', authorization_type: 'basic' }, api_key: 'ada:pw' });
    expect(saved.statusCode).toBe(200);
    callOnce(actionFunctionName('createNote', '127.0.0.1'), { folder: 'work', draft: true, requestBody: { title: 'Plan', tags: ['a'] } });
    await run(assistantId);
    const create = api.requests.find((request) => request.method === 'POST')!;
    expect(create).toMatchObject({ url: '/v1/notes/work?draft=true', body: JSON.stringify({ title: 'Plan', tags: ['a'] }) });
    expect(create.headers).toMatchObject({ 'content-type': 'application/json', authorization: `Basic ${Buffer.from('ada:pw').toString('base64')}` });

    api.reset();
    callOnce(actionFunctionName('subscribe', '127.0.0.1'), { requestBody: { email: 'a@b.example' } });
    await run(assistantId);
    expect(api.requests.find((request) => request.method === 'PUT')).toMatchObject({ body: 'email=a%40b.example', headers: expect.objectContaining({ 'content-type': 'application/x-www-form-urlencoded' }) });

    api.reset();
    callOnce(actionFunctionName('deleteNote', '127.0.0.1'), { folder: 'work', id: 'n/1' });
    await run(assistantId);
    expect(api.requests.find((request) => request.method === 'DELETE')?.url).toBe('/v1/notes/work/n%2F1');
  });

  it('gets an OAuth client-credentials token (default_post and basic_auth_header), caches it, and refreshes once on a 401', async () => {
    const assistantId = await createAssistant();
    const oauth = { type: 'oauth', client_url: `${api.url}/oauth/token`, authorization_url: `${api.url}/oauth/authorize`, scope: 'weather.read', token_exchange_method: 'default_post' };
    const saved = await saveAction(assistantId, { auth: oauth, oauth_client_id: 'client-1', oauth_client_secret: 's3cret' });
    expect(saved.statusCode, saved.body).toBe(200);
    callOnce(weatherTool(), { city: 'Oslo' });
    const frames = await run(assistantId);
    expect(api.tokenRequests(), JSON.stringify(frames.map((frame) => frame.data)).slice(0, 3000)).toHaveLength(1);
    const [token] = api.tokenRequests();
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({ grant_type: 'client_credentials', scope: 'weather.read', client_id: 'client-1', client_secret: 's3cret' });
    expect(api.requests.find((request) => request.url.startsWith('/v1/weather'))?.headers.authorization).toBe('Bearer tok-1');

    // Cached: no second token request; then the API revokes it and one refresh follows.
    await run(assistantId);
    expect(api.tokenRequests()).toHaveLength(1);
    api.revoke('tok-1');
    api.reset();
    api.revoke('tok-1');
    await run(assistantId);
    expect(api.tokenRequests()).toHaveLength(1);
    expect(api.requests.filter((request) => request.url.startsWith('/v1/weather')).map((request) => request.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);

    api.reset();
    await saveAction(assistantId, { auth: { ...oauth, token_exchange_method: 'basic_auth_header', scope: 'other' } }, { action_id: saved.json()[2].action_id });
    await run(assistantId);
    const [basic] = api.tokenRequests();
    expect(basic.headers.authorization).toBe(`Basic ${Buffer.from('client-1:s3cret').toString('base64')}`);
    expect(new URLSearchParams(basic.body).get('client_secret')).toBeNull();
  });

  it('truncates long responses with a note, and reports a failing status', async () => {
    const assistantId = await createAssistant();
    await saveAction(assistantId, { auth: { type: 'none' } });
    callOnce(actionFunctionName('getBig', '127.0.0.1'), {});
    const big = await run(assistantId);
    const output = big.map((frame) => frame.data).find((data) => data.type === 'tool_call' && data.tool_call.progress === 1).tool_call.function.output as string;
    expect(output).toContain('[The response was truncated: 16000 of 50000 characters shown.]');
    callOnce(actionFunctionName('getMissing', '127.0.0.1'), {});
    const missing = await run(assistantId);
    const failed = missing.map((frame) => frame.data).find((data) => data.type === 'tool_call' && data.tool_call.progress === 1).tool_call.function.output as string;
    expect(failed).toContain('API call to 127.0.0.1 failed with status 404: {"error":"no such thing"}');
  });
});

describe('capabilities without actions', () => {
  it('forbids every action route', async () => {
    const off = await startAssistantsServer({ yaml: 'endpoints:\n  assistants:\n    capabilities: [tools]\n', env: env() });
    try {
      expect((await off.request('GET', '/api/assistants/actions')).statusCode).toBe(403);
      const assistantId = (await off.request('POST', '/api/assistants', { model: 'gpt-4o' })).json().id;
      expect((await saveAction(assistantId, {}, {}, off)).statusCode).toBe(403);
      expect((await off.request('DELETE', `/api/assistants/actions/${assistantId}/x/gpt-4o`)).statusCode).toBe(403);
    } finally {
      await off.close();
    }
  });
});
