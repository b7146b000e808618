import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { messageFrameSchema } from '../../protocol/stream-frames.js';
import { builtInPlugins } from '../../../testing/built-in-plugins.js';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';
import { startFakeUpstreams, type FakeUpstreams, type RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { parseSseFrames } from '../../../testing/sse-frames.js';
import { testToolPlugins } from '../../../testing/test-tool-plugins.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';

// An operator with Anthropic only: the assistants endpoint has no key of its own (no apiKey, no
// ASSISTANTS_API_KEY) and offers the models Anthropic lends it.
const claude = 'claude-3-5-sonnet-20241022';
const haiku = 'claude-3-5-haiku-20241022';
const testTools = testToolPlugins();
let upstreams: FakeUpstreams;

async function startServer(yaml: string, env: Record<string, string> = {}) {
  const file = writeYamlFile(yaml);
  try {
    const { app, alice, bob } = await twoSignedInUsers({
      plugins: [...builtInPlugins, ...testTools.plugins],
      configPath: file.path,
      env: { ANTHROPIC_API_KEY: 'sk-ant-operator', ANTHROPIC_REVERSE_PROXY: upstreams.anthropic.url, ANTHROPIC_MODELS: `${claude},${haiku}`, TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false', LIMIT_MESSAGE_USER: 'false', ...env },
    });
    const request = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, account: SignedInUser = alice) => app.inject({ method, url, headers: bearer(account), payload });
    return { app, alice, bob, request };
  } finally {
    file.remove();
  }
}

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  server = await startServer('endpoints:\n  assistants:\n    modelsFrom: [anthropic]\n');
});
afterAll(async () => {
  await server?.app.close();
  await upstreams?.close();
});
beforeEach(() => upstreams.reset());

const anthropicCalls = () => upstreams.anthropic.control.requests.filter((request) => request.path.endsWith('/messages'));

describe('the assistants endpoint on lent models only', () => {
  it('is listed without a key dialog of its own, with the builder’s fields and the lent models', async () => {
    const endpoints = (await server.request('GET', '/api/endpoints')).json();
    expect(Object.keys(endpoints).sort()).toEqual(['anthropic', 'assistants']);
    expect(endpoints.assistants).toMatchObject({ userProvide: false, userProvideURL: false, disableBuilder: false, capabilities: expect.arrayContaining(['code_interpreter', 'retrieval']) });
    const models = (await server.request('GET', '/api/models')).json();
    expect(models).toEqual({ anthropic: [claude, haiku], assistants: [claude, haiku] });
  });

  it('creates an assistant on a Claude model and refuses a model no lending endpoint offers', async () => {
    const created = await server.request('POST', '/api/assistants', { name: 'Helper', model: claude });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ object: 'assistant', model: claude });
    const refused = await server.request('POST', '/api/assistants', { name: 'Helper', model: 'gpt-4o' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'illegal_model_request', message: 'The model "gpt-4o" is not offered by the assistants endpoint' });
  });

  it("runs on Anthropic with the operator's key: the tool called and answered, LibreChat's frames", async () => {
    const assistantId = (await server.request('POST', '/api/assistants', { name: 'Calc', instructions: 'Compute.', model: claude, tools: ['calculator'] })).json().id;
    const answered = (request: RecordedRequest) => toolResultsIn(request.body).length > 0;
    upstreams.anthropic.control.configure({
      reply: (request: RecordedRequest) => (answered(request) ? 'It is 42.' : 'Let me compute.'),
      toolCalls: (request: RecordedRequest) => (answered(request) ? [] : [{ id: 'toolu_calc_1', name: 'calculator', input: { input: '6*7' } }]),
    });
    const response = await server.app.inject({
      method: 'POST', url: '/api/assistants/chat', headers: bearer(server.alice),
      payload: { text: 'What is 6 times 7?', assistant_id: assistantId, model: claude, parentMessageId: NO_PARENT, endpoint: 'assistants' },
    });
    expect(response.statusCode).toBe(200);
    const frames = parseSseFrames(response.body);
    for (const frame of frames) expect(messageFrameSchema.safeParse(frame.data).success, JSON.stringify(frame.data).slice(0, 120)).toBe(true);
    expect(frames[0]!.data).toMatchObject({ sync: true, requestMessage: { assistant_id: assistantId } });
    const finished = frames.map((frame) => frame.data.tool_call).filter((call) => call?.progress === 1);
    expect(finished).toEqual([{ id: 'toolu_calc_1', type: 'function', function: { name: 'calculator', arguments: '{"input":"6*7"}', output: '42' }, progress: 1 }]);
    expect(frames.at(-1)!.data).toMatchObject({ final: true, conversation: { endpoint: 'assistants', assistant_id: assistantId, model: claude }, responseMessage: { text: 'Let me compute.\n\nIt is 42.', finish_reason: 'stop' } });

    const [first, second] = anthropicCalls();
    expect(first!.headers.authorization).toBe('Bearer sk-ant-operator');
    expect(first!.body).toMatchObject({ model: claude, system: 'Compute.' });
    expect(second!.body.messages[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_calc_1', content: [{ type: 'text', text: '42' }] }] });
    expect(anthropicCalls()).toHaveLength(2);
  });
});

describe('what turns it on', () => {
  it('is turned on by ASSISTANTS_MODELS_FROM alone too', async () => {
    const fromEnv = await startServer('endpoints:\n  assistants:\n    disableBuilder: false\n', { ASSISTANTS_MODELS_FROM: 'anthropic' });
    try {
      expect((await fromEnv.request('GET', '/api/models')).json().assistants).toEqual([claude, haiku]);
    } finally {
      await fromEnv.app.close();
    }
  });
});
