import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../../../config/package-root.js';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { fakeLibrechatEnv } from '../../../testing/fake-upstreams/fake-upstream-env.js';
import type { FakeToolCall, FakeUpstream, RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { contentText, pluginsAsk } from '../../../testing/plugins-endpoint.js';
import { listenForTurns } from '../../../testing/approval-turns.js';
import { testToolPlugins } from '../../../testing/test-tool-plugins.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';

let chat: ChatTestContext;
let tools: ReturnType<typeof testToolPlugins>;
let turns: Awaited<ReturnType<typeof listenForTurns>>;
let yaml: ReturnType<typeof writeYamlFile>;

beforeAll(async () => {
  tools = testToolPlugins();
  // The fakes' Azure and custom endpoints, and the calculator and wait_for_stop marked for approval.
  const fakeYaml = readFileSync(join(packageRoot(), 'testing', 'fake-upstreams', 'librechat.fake.yaml'), 'utf8').replace(/^version: .*$/m, '');
  yaml = writeYamlFile(`${fakeYaml}\ntools:\n  requiresApproval: [calculator, wait_for_stop]\n`);
  chat = await buildChatTestServer({
    withFakeEndpoints: true,
    configPath: yaml.path,
    plugins: tools.plugins,
    env: { GOOGLE_MODELS: 'gemini-2.0-flash', PLUGIN_MODELS: 'gpt-4o-mini,gpt-4o,gpt-3.5-turbo-instruct', TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false' },
  });
  turns = await listenForTurns(chat);
});
afterAll(async () => {
  await chat.close();
  yaml.remove();
});
beforeEach(() => {
  chat.upstreams.reset();
  tools.log.calls.length = 0;
  chat.app.chat.agent.approvalTimeoutMs = 120_000;
});

const offersTools = (request: RecordedRequest) => request.body?.tools !== undefined;

/** The fake asks for `calls` while the request carries no tool results, then answers with the results it got. */
function script(upstream: FakeUpstream, calls: FakeToolCall[]) {
  const first = (request: RecordedRequest) => offersTools(request) && toolResultsIn(request.body).length === 0;
  upstream.control.configure({ reply: (request) => (first(request) ? '' : `Results: ${toolResultsIn(request.body).join(' | ')}`), toolCalls: (request) => (first(request) ? calls : []) });
}

const providers = [
  { endpoint: 'openAI', route: 'openAI', model: 'gpt-4o-mini', upstream: () => chat.upstreams.openai },
  { endpoint: 'azureOpenAI', route: 'azureOpenAI', model: 'gpt-4o', upstream: () => chat.upstreams.azure },
  { endpoint: 'anthropic', route: 'anthropic', model: 'claude-3-5-haiku-latest', upstream: () => chat.upstreams.anthropic },
  { endpoint: 'google', route: 'google', model: 'gemini-2.0-flash', upstream: () => chat.upstreams.google },
  { endpoint: 'Fake Ollama', route: 'custom', model: 'llama3.1', upstream: () => chat.upstreams.openai },
];

const turn = (endpoint: string, model: string, toolKeys: string[]) => ({ text: 'Use your tools', conversationId: null, parentMessageId: NO_PARENT, model, endpoint, tools: toolKeys });

describe.each(providers)('approval on $endpoint', ({ endpoint, route, model, upstream }) => {
  it('two parallel calls wait each for its own answer: the allowed one runs, the denied one goes back to the model as denied', async () => {
    script(upstream(), [{ name: 'calculator', input: { input: '6*7' } }, { name: 'calculator', input: { input: '1+1' } }]);
    let pendingSeen = 0;
    const { final, runs } = await turns.converse(route, turn(endpoint, model, ['calculator']), async (run) => {
      pendingSeen += 1;
      // Nothing ran while the calls wait.
      expect(run).toMatchObject({ loading: true, outputs: null, approval: { status: 'pending', expiresAt: expect.any(String) } });
      const allow = pendingSeen === 1;
      const answered = await turns.answer(run.approval!.id, allow);
      expect(answered.status).toBe(200);
      expect(await answered.json()).toEqual({ approvalId: run.approval!.id, status: allow ? 'allowed' : 'denied' });
    });
    expect(pendingSeen).toBe(2);
    expect(final.final).toBe(true);
    const [allowed, denied] = final.responseMessage.plugins;
    expect(allowed).toMatchObject({ latest: 'calculator', outputs: '42', loading: false, approval: { status: 'allowed' } });
    expect(denied).toMatchObject({ latest: 'calculator', loading: false, error: true, outputs: 'The user denied this call of calculator: it did not run.', approval: { status: 'denied' } });
    // The allowed call's box said so while it ran.
    expect(runs).toContainEqual(expect.objectContaining({ runId: allowed.runId, loading: true, approval: { id: allowed.approval.id, status: 'allowed' } }));
    const results = toolResultsIn(upstream().control.requests.at(-1)!.body);
    expect(results).toHaveLength(2);
    expect(results[0]).toContain('42');
    expect(results[1]).toContain('The user denied this call of calculator');
    expect(final.responseMessage.text).toContain('denied');

    // A reload shows how each call was decided.
    const stored = (await chat.app.store.messages.find(chat.userId, final.responseMessage.messageId))!;
    expect(stored.plugins).toEqual([expect.objectContaining({ approval: { id: allowed.approval.id, status: 'allowed' } }), expect.objectContaining({ approval: { id: denied.approval.id, status: 'denied' } })]);
  });
});

describe('approval, on the OpenAI endpoint', () => {
  const ask = (toolKeys: string[]) => turn('openAI', 'gpt-4o-mini', toolKeys);
  const requests = () => chat.upstreams.openai.control.requests;

  it('a call nobody answers is denied when the wait ends, and the model is told so', async () => {
    chat.app.chat.agent.approvalTimeoutMs = 300;
    script(chat.upstreams.openai, [{ name: 'calculator', input: { input: '2+2' } }]);
    const { final } = await turns.converse('openAI', ask(['calculator']));
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ loading: false, error: true, approval: { id: expect.any(String), status: 'expired' } })]);
    expect(toolResultsIn(requests().at(-1)!.body)).toEqual([expect.stringContaining('The user did not approve this call of calculator within 300 ms: it did not run.')]);
    expect(chat.app.chat.approvals.pending).toBe(0);
  });

  it('Stop while a call waits ends the turn as Stop does: the call never runs, no further model call, a late answer is refused', async () => {
    script(chat.upstreams.openai, [{ name: 'wait_for_stop', input: {} }]);
    let approvalId = '';
    let stopped: any;
    await turns.converse('openAI', ask(['wait_for_stop']), async (run, conversationId) => {
      approvalId = run.approval!.id;
      const response = await turns.post('/api/ask/openAI/abort', { abortKey: conversationId, endpoint: 'openAI' });
      expect(response.status).toBe(200);
      stopped = await response.json();
    });
    expect(stopped.responseMessage).toMatchObject({
      finish_reason: 'incomplete',
      plugins: [expect.objectContaining({ loading: false, error: true, outputs: 'error processing tool wait_for_stop: the turn was stopped', approval: { id: approvalId, status: 'stopped' } })],
    });
    expect(tools.log.calls).toEqual([]);
    expect(requests().filter(offersTools)).toHaveLength(1);
    const late = await turns.answer(approvalId, true);
    expect(late.status).toBe(409);
    expect((await late.json()).message).toMatch(/already decided \(stopped\)/);
  });

  it("answers only the turn's own user (404 for another's id), once (409), and validates the answer (400)", async () => {
    script(chat.upstreams.openai, [{ name: 'calculator', input: { input: '3*3' } }]);
    const other = await chat.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Mallory', email: 'mallory-approval@example.com', password: 'password1', confirm_password: 'password1' } });
    const intruder: string = other.json().token;
    const { final } = await turns.converse('openAI', ask(['calculator']), async (run) => {
      const stolen = await turns.answer(run.approval!.id, false, intruder);
      expect(stolen.status).toBe(404);
      expect(await stolen.json()).toMatchObject({ message: 'No tool call of yours waits for approval under this approvalId' });
      for (const [body, message] of [
        [{ approvalId: run.approval!.id }, /allow must be true/],
        [{ approvalId: run.approval!.id, allow: 'yes' }, /allow must be true/],
        [{ approvalId: '', allow: true }, /approvalId must not be empty/],
        [{ approvalId: run.approval!.id, allow: true, extra: 1 }, /extra/],
      ] as const) {
        const invalid = await turns.post('/api/ask/approval', body);
        expect(invalid.status).toBe(400);
        expect((await invalid.json()).message).toMatch(message);
      }
      expect((await turns.answer(run.approval!.id, true)).status).toBe(200);
      const again = await turns.answer(run.approval!.id, false);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ code: 'duplicate', message: expect.stringMatching(/already decided \(allowed\)/) });
    });
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ outputs: '9', approval: expect.objectContaining({ status: 'allowed' }) })]);
    expect((await turns.answer('no-such-approval', true)).status).toBe(404);
    expect((await turns.answer('no-such-approval', true, null)).status).toBe(401);
  });

  it('a call of an unmarked tool runs at once while a parallel marked one waits', async () => {
    script(chat.upstreams.openai, [{ name: 'calculator', input: { input: '5*5' } }, { name: 'explode', input: {} }]);
    const { final } = await turns.converse('openAI', ask(['calculator', 'explode']), async (run) => {
      // The other call finishes without anyone answering.
      for (let tries = 0; tools.log.calls.length === 0 && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(tools.log.calls.map((call) => call.name)).toEqual(['explode']);
      expect((await turns.answer(run.approval!.id, true)).status).toBe(200);
    });
    const [calculator, exploded] = final.responseMessage.plugins;
    expect(calculator).toMatchObject({ outputs: '25', approval: { status: 'allowed' } });
    expect(exploded).toMatchObject({ loading: false, error: true, outputs: 'error processing tool explode: the fuse was lit' });
    expect(exploded.approval).toBeUndefined();
  });

  it("gptPlugins' functions agent waits for the same answer", async () => {
    script(chat.upstreams.openai, [{ name: 'calculator', input: { input: '6*7' } }]);
    const body = pluginsAsk(['calculator'], { agent: 'functions', skipCompletion: true, model: 'gpt-4o', temperature: 0 });
    const { final } = await turns.converse('gptPlugins', body, async (run) => {
      expect((await turns.answer(run.approval!.id, false)).status).toBe(200);
    });
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ latest: 'calculator', error: true, approval: expect.objectContaining({ status: 'denied' }) })]);
    expect(toolResultsIn(requests().at(-1)!.body)).toEqual([expect.stringContaining('The user denied this call of calculator')]);
  });

  it("gptPlugins' classic agent waits too, and its Observation says the call was denied", async () => {
    const observed = (request: RecordedRequest) => request.body.messages.some((message: { role: string }) => message.role === 'user' && contentText(message).startsWith('Observation: '));
    chat.upstreams.openai.control.configure({
      reply: (request) => (observed(request) ? 'Thought: I was refused.\nFinal Answer: I may not compute.' : 'Thought: math.\nAction: calculator\nAction Input: 6*7'),
    });
    const body = pluginsAsk(['calculator'], { agent: 'classic', skipCompletion: true, model: 'gpt-3.5-turbo-instruct', temperature: 0 });
    const { final } = await turns.converse('gptPlugins', body, async (run) => {
      expect((await turns.answer(run.approval!.id, false)).status).toBe(200);
    });
    expect(final.responseMessage).toMatchObject({ text: ':::plugin:::\nI may not compute.', plugins: [expect.objectContaining({ error: true, approval: expect.objectContaining({ status: 'denied' }) })] });
    const observation = requests().at(-1)!.body.messages.at(-1);
    expect(contentText(observation)).toMatch(/^Observation: The user denied this call of calculator: it did not run.\n/);
  });
});
