import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { builtInPlugins } from '../../../testing/built-in-plugins.js';
import { bearer, twoSignedInUsers } from '../../../testing/build-test-server.js';
import { startFakeUpstreams, type FakeUpstreams, type RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { parseSseFrames } from '../../../testing/sse-frames.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';

// Titles of runs on a lent model: the assistants endpoint's own titleConvo / titleModel when its
// yaml sets them (on whichever of its endpoints offers that model), else the lending endpoint's.
const claude = 'claude-3-5-sonnet-20241022';
const haiku = 'claude-3-5-haiku-20241022';
let upstreams: FakeUpstreams;

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
});
afterAll(() => upstreams?.close());
beforeEach(() => {
  upstreams.reset();
  const reply = (request: RecordedRequest) => (isTitleRequest(request) ? 'Multiplying Small Numbers' : 'It is 42.');
  upstreams.anthropic.control.configure({ reply });
  upstreams.openai.control.configure({ reply });
});

/** The title service's one-off call (its system prompt asks for a title). */
const isTitleRequest = (request: RecordedRequest) => JSON.stringify(request.body.system ?? request.body.messages?.[0] ?? '').includes('concise title');
const modelCalls = () => [
  ...upstreams.anthropic.control.requests.filter((request) => request.path.endsWith('/messages')).map((request) => ({ request, endpoint: 'anthropic' })),
  ...upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions')).map((request) => ({ request, endpoint: 'openai' })),
];
/** Where the title was written: the endpoint's fake, the model and the key, or undefined when no title call was made. */
const titleCall = () => modelCalls().filter(({ request }) => isTitleRequest(request)).map(({ request, endpoint }) => ({ endpoint, model: request.body.model, key: request.headers.authorization }))[0];

/**
 * Starts a server with Anthropic lending its models (and the assistants endpoint's own connection
 * when `ownKey`), runs a first exchange of an assistant on `model`, and answers what gen_title gave.
 */
async function titleOfFirstRun(yaml: string, options: { model: string; ownKey?: boolean }) {
  const file = writeYamlFile(yaml);
  const own: Record<string, string> = options.ownKey ? { ASSISTANTS_API_KEY: 'sk-assistants', ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, ASSISTANTS_MODELS: 'gpt-4o,gpt-4o-mini' } : {};
  const { app, alice } = await twoSignedInUsers({
    plugins: builtInPlugins,
    configPath: file.path,
    env: { ANTHROPIC_API_KEY: 'sk-ant-operator', ANTHROPIC_REVERSE_PROXY: upstreams.anthropic.url, ANTHROPIC_MODELS: `${claude},${haiku}`, TITLE_CONVO: 'true', ...own },
  }).finally(() => file.remove());
  try {
    const assistant = (await app.inject({ method: 'POST', url: '/api/assistants', headers: bearer(alice), payload: { name: 'Calc', model: options.model } })).json();
    const response = await app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(alice), payload: { text: 'What is 6 times 7?', assistant_id: assistant.id } });
    const frames = parseSseFrames(response.body);
    expect(frames.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: 'It is 42.' } });
    const { conversationId } = frames[0]!.data;
    const generated = await app.inject({ method: 'POST', url: '/api/convos/gen_title', headers: bearer(alice), payload: { conversationId } });
    return generated.statusCode === 200 ? generated.json().title : null;
  } finally {
    await app.close();
  }
}

const lending = (assistants: string, anthropic = '') => `endpoints:\n  assistants:\n    modelsFrom: [anthropic]\n${assistants}${anthropic ? `  anthropic:\n${anthropic}` : ''}`;

describe('titles of runs on lent models', () => {
  it("follow the lending endpoint's titleModel when the assistants endpoint sets none", async () => {
    expect(await titleOfFirstRun(lending('', `    titleModel: ${haiku}\n`), { model: claude })).toBe('Multiplying Small Numbers');
    expect(titleCall()).toEqual({ endpoint: 'anthropic', model: haiku, key: 'Bearer sk-ant-operator' });
  });

  it("take the assistants endpoint's titleModel over the lending endpoint's", async () => {
    expect(await titleOfFirstRun(lending(`    titleModel: ${haiku}\n`, `    titleModel: ${claude}\n`), { model: claude })).toBe('Multiplying Small Numbers');
    expect(titleCall()).toEqual({ endpoint: 'anthropic', model: haiku, key: 'Bearer sk-ant-operator' });
  });

  it("write the assistants endpoint's titleModel on its own connection when it offers that model", async () => {
    expect(await titleOfFirstRun(lending('    titleModel: gpt-4o-mini\n', `    titleModel: ${haiku}\n`), { model: claude, ownKey: true })).toBe('Multiplying Small Numbers');
    expect(titleCall()).toEqual({ endpoint: 'openai', model: 'gpt-4o-mini', key: 'Bearer sk-assistants' });
    // The run itself went to Anthropic.
    expect(modelCalls().filter(({ request }) => !isTitleRequest(request)).map(({ endpoint }) => endpoint)).toEqual(['anthropic']);
  });

  it("fall back to the lending endpoint when no endpoint offers the assistants endpoint's titleModel", async () => {
    expect(await titleOfFirstRun(lending('    titleModel: gpt-4o-mini\n'), { model: claude })).toBe('Multiplying Small Numbers');
    expect(titleCall()).toEqual({ endpoint: 'anthropic', model: claude, key: 'Bearer sk-ant-operator' });
  });

  it("are off when the assistants endpoint's titleConvo is false, whatever the lending endpoint says", async () => {
    expect(await titleOfFirstRun(lending('    titleConvo: false\n', '    titleConvo: true\n'), { model: claude })).toBeNull();
    expect(titleCall()).toBeUndefined();
  });

  it("follow the lending endpoint's titleConvo: false when the assistants endpoint sets none", async () => {
    expect(await titleOfFirstRun(lending('', '    titleConvo: false\n'), { model: claude })).toBeNull();
    expect(titleCall()).toBeUndefined();
    // The assistants endpoint's own titleConvo wins over it.
    expect(await titleOfFirstRun(lending('    titleConvo: true\n', '    titleConvo: false\n'), { model: claude })).toBe('Multiplying Small Numbers');
  });
});
