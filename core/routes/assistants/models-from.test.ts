import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { messageFrameSchema } from '../../protocol/stream-frames.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';
import { bearer, type SignedInUser } from '../../../testing/build-test-server.js';
import { startFakeUpstreams, type FakeUpstreams, type RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { clientUpload, multipartBody } from '../../../testing/multipart-body.js';
import { parseSseFrames } from '../../../testing/sse-frames.js';
import { testToolPlugins } from '../../../testing/test-tool-plugins.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';

let upstreams: FakeUpstreams;
let server: AssistantsTestServer;
const testTools = testToolPlugins();
const claude = 'claude-3-5-sonnet-20241022';

// Anthropic lends its models (one of them also the assistants endpoint's own: gpt-4o), then a custom
// endpoint whose users bring their own key, then one whose users bring their key and base URL.
const yaml = (openaiURL: string) => `
endpoints:
  assistants:
    modelsFrom: [anthropic, Mistral, Proxy]
  custom:
    - name: Mistral
      apiKey: user_provided
      baseURL: ${openaiURL}/v1
      models:
        default: [mistral-small]
    - name: Proxy
      apiKey: user_provided
      baseURL: user_provided
      models:
        default: [proxy-model]
`;

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  server = await startAssistantsServer({
    yaml: yaml(upstreams.openai.url),
    plugins: testTools.plugins,
    env: {
      ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant-operator',
      ANTHROPIC_REVERSE_PROXY: upstreams.anthropic.url,
      ANTHROPIC_MODELS: `${claude},gpt-4o`,
      ASSISTANTS_VISION_MODEL: 'gpt-4o',
      TITLE_CONVO: 'false',
      LIMIT_MESSAGE_IP: 'false',
      LIMIT_MESSAGE_USER: 'false',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstreams?.close();
});
beforeEach(() => upstreams.reset());

const anthropicCalls = () => upstreams.anthropic.control.requests.filter((request) => request.path.endsWith('/messages'));
const openaiCalls = () => upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions'));

async function chat(payload: Record<string, unknown>, account: SignedInUser = server.alice) {
  const response = await server.app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(account), payload });
  return { status: response.statusCode, frames: parseSseFrames(response.body) };
}

async function createAssistant(body: Record<string, unknown>, account?: SignedInUser) {
  return server.request('POST', '/api/assistants', { name: 'Helper', instructions: 'You help.', ...body }, account);
}

describe('GET /api/models with modelsFrom', () => {
  it("lists the assistants endpoint's own models, then the lent ones once each; a custom endpoint's only for users with their key", async () => {
    const bobs = (await server.request('GET', '/api/models', undefined, server.bob)).json();
    expect(bobs.assistants).toEqual(['gpt-4o', 'gpt-4o-mini', claude]);
    // The lending endpoints keep their own lists.
    expect(bobs.anthropic).toEqual([claude, 'gpt-4o']);

    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await server.request('PUT', '/api/keys', { name: 'Mistral', value: 'sk-alice-mistral', expiresAt })).statusCode).toBeLessThan(300);
    const alices = (await server.request('GET', '/api/models')).json();
    expect(alices.assistants).toEqual(['gpt-4o', 'gpt-4o-mini', claude, 'mistral-small']);
    expect((await server.request('GET', '/api/models', undefined, server.bob)).json().assistants).toEqual(['gpt-4o', 'gpt-4o-mini', claude]);
  });
});

describe('the model check of create and update', () => {
  it('accepts a lent model, refuses one no endpoint offers, and asks for the key of an endpoint the user has none for', async () => {
    const created = await createAssistant({ model: claude });
    expect(created.statusCode).toBe(201);
    expect(created.json().model).toBe(claude);
    const id = created.json().id;

    const unknown = await server.request('PATCH', `/api/assistants/${id}`, { model: 'claude-9' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'illegal_model_request', message: 'The model "claude-9" is not offered by the assistants endpoint' });
    const back = await server.request('PATCH', `/api/assistants/${id}`, { model: 'gpt-4o-mini' });
    expect(back.statusCode).toBe(200);
    expect(back.json().model).toBe('gpt-4o-mini');

    const withoutKey = await createAssistant({ model: 'mistral-small' }, server.bob);
    expect(withoutKey.statusCode).toBe(400);
    expect(withoutKey.json().code).toBe('no_user_key');
  });
});

describe('a run on a lent model', () => {
  it("runs on Anthropic's Messages API with the operator's key: instructions as system, the tool called and answered, LibreChat's frames", async () => {
    const assistantId = (await createAssistant({ model: claude, tools: ['calculator'] })).json().id;
    const answered = (request: RecordedRequest) => toolResultsIn(request.body).length > 0;
    upstreams.anthropic.control.configure({
      reply: (request: RecordedRequest) => (answered(request) ? 'It is 42.' : 'Let me compute.'),
      toolCalls: (request: RecordedRequest) => (answered(request) ? [] : [{ id: 'toolu_calc_1', name: 'calculator', input: { input: '6*7' } }]),
    });
    const { status, frames } = await chat({ text: 'What is 6 times 7?', assistant_id: assistantId, model: claude, parentMessageId: NO_PARENT, endpoint: 'assistants' });
    expect(status).toBe(200);
    expect(frames.every((frame) => frame.event === 'message')).toBe(true);
    for (const frame of frames) expect(messageFrameSchema.safeParse(frame.data).success, JSON.stringify(frame.data).slice(0, 120)).toBe(true);
    expect(frames[0]!.data).toMatchObject({ sync: true, requestMessage: { assistant_id: assistantId, model: assistantId } });

    const calls = frames.filter((frame) => frame.data.type === 'tool_call').map((frame) => frame.data.tool_call);
    expect(calls).toEqual([
      { id: 'toolu_calc_1', type: 'function', function: { name: 'calculator', arguments: '{"input":"6*7"}', output: null }, progress: 0.01 },
      { id: 'toolu_calc_1', type: 'function', function: { name: 'calculator', arguments: '{"input":"6*7"}', output: '42' }, progress: 1 },
    ]);
    const final = frames.at(-1)!.data;
    expect(final).toMatchObject({ final: true, conversation: { endpoint: 'assistants', assistant_id: assistantId, model: claude } });
    expect(final.responseMessage).toMatchObject({
      text: 'Let me compute.\n\nIt is 42.',
      finish_reason: 'stop',
      content: [
        { type: 'text', text: { value: 'Let me compute.', annotations: [] } },
        { type: 'tool_call', tool_call: { id: 'toolu_calc_1', type: 'function', function: { name: 'calculator', arguments: '{"input":"6*7"}', output: '42' }, progress: 1 } },
        { type: 'text', text: { value: 'It is 42.', annotations: [] } },
      ],
    });

    const [first, second] = anthropicCalls();
    // The anthropic provider's own way of sending the operator's key (as in a chat turn).
    expect(first!.headers.authorization).toBe('Bearer sk-ant-operator');
    expect(first!.body).toMatchObject({ model: claude, system: 'You help.', stream: true, max_tokens: expect.any(Number) });
    expect(first!.body.tools).toEqual([expect.objectContaining({ name: 'calculator', input_schema: expect.objectContaining({ type: 'object' }) })]);
    expect(first!.body.messages).toEqual([{ role: 'user', content: 'What is 6 times 7?' }]);
    expect(second!.body.messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Let me compute.' }, { type: 'tool_use', id: 'toolu_calc_1', name: 'calculator', input: { input: '6*7' } }] });
    expect(second!.body.messages[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_calc_1', content: [{ type: 'text', text: '42' }] }] });
    expect(openaiCalls()).toEqual([]);
  });

  it("sends a thread's image to a Claude model that sees images, as Anthropic's image block", async () => {
    const assistantId = (await createAssistant({ model: claude })).json().id;
    const jpeg = new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 0, g: 128, b: 255 } } }).jpeg().toBuffer());
    const upload = await multipartBody(clientUpload({ content: jpeg, fileName: 'picture.jpg', type: 'image/jpeg' }, [['width', '64'], ['height', '48']]));
    const image = (await server.app.inject({ method: 'POST', url: '/api/files/images', payload: upload.payload, headers: { ...upload.headers, ...bearer(server.alice) } })).json();
    upstreams.anthropic.control.configure({ reply: 'A blue square.' });
    const { frames } = await chat({ text: 'What is this?', assistant_id: assistantId, files: [{ file_id: image.file_id, filepath: image.filepath, type: image.type, width: 64, height: 48 }] });
    expect(frames.at(-1)!.data.responseMessage.text).toBe('A blue square.');
    const user = anthropicCalls().at(-1)!.body.messages.at(-1);
    expect(user.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: expect.stringMatching(/^image\//), data: expect.any(String) } },
      { type: 'text', text: 'What is this?' },
    ]);
  });

  it("describes images for a lent model that cannot see them with the vision model's own endpoint", async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await server.request('PUT', '/api/keys', { name: 'Mistral', value: 'sk-alice-mistral', expiresAt });
    const assistantId = (await createAssistant({ model: 'mistral-small', tools: ['image_vision'] })).json().id;
    const png = new Uint8Array(await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toBuffer());
    const upload = await multipartBody(clientUpload({ content: png, fileName: 'square.png', type: 'image/png' }, [['width', '32'], ['height', '32']]));
    const image = (await server.app.inject({ method: 'POST', url: '/api/files/images', payload: upload.payload, headers: { ...upload.headers, ...bearer(server.alice) } })).json();
    const describing = (request: RecordedRequest) => request.body.model === 'gpt-4o';
    upstreams.openai.control.configure({
      reply: (request: RecordedRequest) => (describing(request) ? 'A blue square.' : toolResultsIn(request.body).length > 0 ? 'It is a blue square.' : ''),
      toolCalls: (request: RecordedRequest) => (describing(request) || toolResultsIn(request.body).length > 0 ? [] : [{ id: 'call_vision', name: 'image_vision', input: {} }]),
    });
    const { frames } = await chat({ text: 'What is this?', assistant_id: assistantId, files: [{ file_id: image.file_id, filepath: image.filepath, type: image.type, width: 32, height: 32 }] });
    expect(frames.at(-1)!.data.responseMessage.text).toBe('It is a blue square.');
    const calls = openaiCalls().map((call) => ({ model: call.body.model, key: call.headers.authorization }));
    expect(calls).toEqual([
      { model: 'mistral-small', key: 'Bearer sk-alice-mistral' },
      { model: 'gpt-4o', key: 'Bearer sk-assistants' },
      { model: 'mistral-small', key: 'Bearer sk-alice-mistral' },
    ]);
  });

  it("runs a model both endpoints offer on the assistants endpoint's own connection", async () => {
    const assistantId = (await createAssistant({ model: 'gpt-4o' })).json().id;
    upstreams.openai.control.configure({ reply: 'From OpenAI.' });
    const { frames } = await chat({ text: 'Hello', assistant_id: assistantId });
    expect(frames.at(-1)!.data.responseMessage.text).toBe('From OpenAI.');
    expect(openaiCalls()).toHaveLength(1);
    expect(anthropicCalls()).toEqual([]);
  });

  it("runs a user-keyed endpoint's model with that user's key, and tells a user without one to add it", async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await server.request('PUT', '/api/keys', { name: 'Mistral', value: 'sk-alice-mistral', expiresAt });
    const assistantId = (await createAssistant({ model: 'mistral-small' })).json().id;
    upstreams.openai.control.configure({ reply: 'Bonjour.' });
    const { frames } = await chat({ text: 'Salut', assistant_id: assistantId });
    expect(frames.at(-1)!.data.responseMessage.text).toBe('Bonjour.');
    const [call] = openaiCalls();
    expect(call!.body.model).toBe('mistral-small');
    expect(call!.headers.authorization).toBe('Bearer sk-alice-mistral');

    // Bob's own assistant, whose model he may no longer reach (his key removed), fails before the run.
    await server.request('PUT', '/api/keys', { name: 'Mistral', value: 'sk-bob-mistral', expiresAt }, server.bob);
    const bobsAssistant = (await createAssistant({ model: 'mistral-small' }, server.bob)).json().id;
    await server.request('DELETE', '/api/keys/Mistral', undefined, server.bob);
    const refused = await chat({ text: 'Salut', assistant_id: bobsAssistant }, server.bob);
    expect(refused.frames).toHaveLength(1);
    expect(refused.frames[0]!.event).toBe('error');
    expect(refused.frames[0]!.data.text).toContain('no_user_key');
  });

  it("calls a user's base URL through the SSRF guard: a private address is refused, nothing reaches it", async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await server.request('PUT', '/api/keys', { name: 'Proxy', value: JSON.stringify({ apiKey: 'sk-proxy', baseURL: `${upstreams.openai.url}/v1` }), expiresAt });
    const assistantId = (await createAssistant({ model: 'proxy-model' })).json().id;
    upstreams.openai.control.configure({ reply: 'Should not be seen.' });
    const { frames } = await chat({ text: 'Hello', assistant_id: assistantId });
    const final = frames.at(-1)!.data;
    expect(final.responseMessage.finish_reason).toBe('error');
    expect(final.responseMessage.content.at(-1)).toEqual({ type: 'error', text: { value: expect.stringMatching(/127\.0\.0\.1 is a private address/) } });
    expect(openaiCalls()).toEqual([]);
  });
});
