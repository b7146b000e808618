import { describe, expect, it } from 'vitest';
import { buildChatTestServer } from '../../../testing/build-chat-test-server.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';
import { usePluginsTestServer, contentText, pluginsAsk, progressFrames, toolResultsOf } from '../../../testing/plugins-endpoint.js';

const plugins = usePluginsTestServer();

const auth = () => ({ authorization: `Bearer ${plugins.chat.token}` });
const functionsAgent = { agent: 'functions', skipCompletion: true, model: 'gpt-4o', temperature: 0 };
const requests = () => plugins.chat.upstreams.openai.control.requests;

/** The fake OpenAI: with tools offered and no result yet, "Let me compute." and a calculator call; then an answer from the results. */
function scriptCalculator(answer = (results: string[]) => `It is ${results.join()}.`) {
  plugins.chat.upstreams.openai.control.configure({
    reply: (request) => (request.body.tools && toolResultsOf(request).length === 0 ? 'Let me compute.' : answer(toolResultsOf(request))),
    toolCalls: (request) => (request.body.tools && toolResultsOf(request).length === 0 ? [{ name: 'calculator', input: { input: '6*7' } }] : []),
  });
}

describe('GET /api/endpoints and /api/models: the plugins endpoint', () => {
  it('lists gptPlugins with its plugins, agents and PLUGIN_MODELS, turned on by the OpenAI key', async () => {
    const endpoints = (await plugins.chat.app.inject({ url: '/api/endpoints', headers: auth() })).json();
    // Every tool of the catalogue, keyed by plugin key, as LibreChat lists its manifest: built-ins and the test's own.
    expect(endpoints.gptPlugins).toMatchObject({
      order: 3, userProvide: false, userProvideURL: false, azure: false, availableAgents: ['classic', 'functions'],
      plugins: { calculator: 'Calculator', 'web-browser': 'Browser', rendezvous: 'rendezvous', explode: 'explode', wait_for_stop: 'wait_for_stop', big_output: 'big_output' },
    });
    expect(endpoints.openAI.plugins).toBeUndefined();
    const models = (await plugins.chat.app.inject({ url: '/api/models', headers: auth() })).json();
    expect(models.gptPlugins).toEqual(['gpt-4o-mini', 'gpt-4o', 'gpt-3.5-turbo-instruct']);
  });
});

describe('POST /api/ask/gptPlugins, functions agent', () => {
  it('skipCompletion: streams the agent text with a :::plugin::: marker where the tool started and the plugin box, field by field', async () => {
    scriptCalculator();
    const { frames } = await plugins.chat.ask(pluginsAsk(['calculator'], functionsAgent), { endpoint: 'gptPlugins' });
    expect(frames[0]!.data).toMatchObject({ created: true, message: { text: 'What is 6*7?', isCreatedByUser: true, endpoint: 'gptPlugins' } });
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);
    const ids = { messageId: final.responseMessage.messageId, parentMessageId: final.requestMessage.messageId, conversationId: final.conversation.conversationId, sender: expect.any(String) };
    const progress = progressFrames(frames);
    const running = { runId: expect.any(String), loading: true, inputs: ['{"input":"6*7"}'], latest: 'calculator', outputs: null };
    const done = { ...running, loading: false, outputs: '42' };
    // The tool's start: the text gains the marker and the box appears, loading.
    expect(progress).toContainEqual({ message: true, text: 'Let me compute.:::plugin:::\n', initial: false, ...ids, plugins: [running] });
    // Its end: the same text, the box with its output.
    expect(progress).toContainEqual({ message: true, text: 'Let me compute.:::plugin:::\n', initial: false, ...ids, plugins: [done] });
    // The fake streams four characters a chunk; each frame's text is cumulative.
    expect(progress[0]).toEqual({ message: true, text: 'Let ', initial: true, ...ids, sender: expect.any(String) });
    expect(progress.at(-1)).toMatchObject({ text: 'Let me compute.:::plugin:::\nIt is 42.', plugins: [done] });
    progress.slice(1).forEach((frame, index) => expect(frame.text.startsWith(progress[index].text)).toBe(true));

    expect(final.responseMessage).toMatchObject({ text: 'Let me compute.:::plugin:::\nIt is 42.', plugins: [done], sender: 'ChatGPT', endpoint: 'gptPlugins', model: 'gpt-4o-mini', finish_reason: 'stop', unfinished: false, error: false });
    // The conversation keeps its tools but never sends their keys (LibreChat's client holds plugin objects there).
    expect(final.conversation).toMatchObject({ endpoint: 'gptPlugins', model: 'gpt-4o-mini', agentOptions: functionsAgent });
    expect(final.conversation.tools).toBeUndefined();
    expect((await plugins.chat.app.store.conversations.find(plugins.chat.userId, final.conversation.conversationId))?.tools).toEqual(['calculator']);

    // The agent's model and temperature run the steps, with the tools offered natively.
    expect(requests()).toHaveLength(2);
    for (const request of requests()) expect(request.body).toMatchObject({ model: 'gpt-4o', temperature: 0, tools: [expect.objectContaining({ function: expect.objectContaining({ name: 'calculator' }) })] });

    const reload = (await plugins.chat.app.inject({ url: `/api/messages/${final.conversation.conversationId}`, headers: auth() })).json();
    expect(reload.find((message: { messageId: string }) => message.messageId === ids.messageId)).toMatchObject({ text: final.responseMessage.text, plugins: [done] });
  });

  it('without skipCompletion: the agent text stays hidden and the conversation model writes the reply after the markers', async () => {
    scriptCalculator(() => 'PRELIMINARY 42');
    plugins.chat.upstreams.openai.control.configure({
      reply: (request) => (!request.body.tools ? 'Six times seven is 42.' : toolResultsOf(request).length === 0 ? 'Let me compute.' : 'PRELIMINARY 42'),
    });
    const { frames } = await plugins.chat.ask(pluginsAsk(['calculator'], { ...functionsAgent, skipCompletion: false }), { endpoint: 'gptPlugins' });
    const final = frames.at(-1)!.data;
    expect(final.responseMessage).toMatchObject({ text: ':::plugin:::\nSix times seven is 42.', plugins: [expect.objectContaining({ latest: 'calculator', outputs: '42', loading: false })] });
    for (const frame of progressFrames(frames)) expect(frame.text).not.toMatch(/PRELIMINARY|Let me compute/);

    expect(requests()).toHaveLength(3);
    const completion = requests()[2]!.body;
    expect(completion).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.8 });
    expect(completion.tools).toBeUndefined();
    const system = contentText(completion.messages[0]);
    expect(system).toContain('Action: calculator');
    expect(system).toContain('Observation: 42');
    expect(system).toContain('Preliminary answer: "PRELIMINARY 42"');
    expect(contentText(completion.messages.at(-1))).toBe('What is 6*7?');
  });

  it('without tools: a plain completion with the conversation model, no agent and no markers', async () => {
    plugins.chat.upstreams.openai.control.configure({ reply: 'Plainly 42.' });
    const { frames } = await plugins.chat.ask(pluginsAsk([], functionsAgent), { endpoint: 'gptPlugins' });
    expect(frames.at(-1)!.data.responseMessage).toMatchObject({ text: 'Plainly 42.' });
    expect(frames.at(-1)!.data.responseMessage.plugins).toBeUndefined();
    expect(requests()[0]!.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.8 });
    expect(requests()[0]!.body.tools).toBeUndefined();
  });
});

describe('POST /api/edit/gptPlugins and abort', () => {
  it('continues a reply without the agent, keeping its plugin boxes and markers', async () => {
    scriptCalculator();
    const first = (await plugins.chat.ask(pluginsAsk(['calculator'], functionsAgent), { endpoint: 'gptPlugins' })).frames.at(-1)!.data;
    plugins.chat.upstreams.reset();
    plugins.chat.upstreams.openai.control.configure({ reply: ' And that is all.' });
    const reply = first.responseMessage;
    const { frames } = await plugins.chat.ask(
      { ...pluginsAsk(['calculator'], functionsAgent), conversationId: reply.conversationId, parentMessageId: reply.parentMessageId, responseMessageId: reply.messageId, generation: reply.text, isContinued: true, text: 'What is 6*7?' },
      { endpoint: 'gptPlugins', mode: 'edit' },
    );
    const final = frames.at(-1)!.data;
    expect(final.responseMessage).toMatchObject({ messageId: reply.messageId, text: `${reply.text} And that is all.`, plugins: reply.plugins });
    expect(requests()).toHaveLength(1);
    expect(requests()[0]!.body).toMatchObject({ model: 'gpt-4o-mini' });
    expect(requests()[0]!.body.tools).toBeUndefined();
    // The model is shown its reply without the markers, which are for LibreChat's client.
    expect(contentText(requests()[0]!.body.messages.at(-1))).toBe('Let me compute.\nIt is 42.');
  });

  it('Stop while a tool runs: POST /api/ask/gptPlugins/abort answers the partial reply with its marker and the box', async () => {
    plugins.chat.upstreams.openai.control.configure({ reply: '', toolCalls: (request) => (toolResultsOf(request).length === 0 ? [{ name: 'wait_for_stop', input: {} }] : []) });
    const asking = plugins.chat.ask(pluginsAsk(['wait_for_stop'], functionsAgent), { endpoint: 'gptPlugins' });
    const context = await plugins.tools.started('wait_for_stop');
    const stopped = await plugins.chat.app.inject({ method: 'POST', url: '/api/ask/gptPlugins/abort', payload: { abortKey: context.conversationId, endpoint: 'gptPlugins' }, headers: auth() });
    expect(stopped.statusCode).toBe(200);
    expect(context.signal.aborted).toBe(true);
    expect(stopped.json()).toMatchObject({
      final: true,
      responseMessage: {
        text: ':::plugin:::\n', finish_reason: 'incomplete', unfinished: false,
        plugins: [{ runId: expect.any(String), latest: 'wait_for_stop', inputs: ['{}'], loading: false, error: true, outputs: 'error processing tool wait_for_stop: the turn was stopped' }],
      },
    });
    await asking;
    expect(requests()).toHaveLength(1);
  });
});

describe('POST /api/ask/gptPlugins: bad input and refusals', () => {
  it('answers 400 with a message for a bad agentOptions or tools', async () => {
    const bad = async (body: Record<string, unknown>) => (await plugins.chat.app.inject({ method: 'POST', url: '/api/ask/gptPlugins', payload: body, headers: auth() })).json();
    expect((await bad(pluginsAsk(['calculator'], { ...functionsAgent, agent: 'zero-shot' }))).message).toContain('agentOptions.agent must be classic or functions');
    expect((await bad({ ...pluginsAsk([], functionsAgent), tools: [{ name: 'no key' }] })).message).toContain('tools must be a list of plugin keys or plugins with a pluginKey');
    expect((await bad({ ...pluginsAsk([], functionsAgent), agentOptions: { ...functionsAgent, temperature: 'hot' } })).message).toContain('agentOptions.temperature must be a number');
  });

  it('refuses an agent model the endpoint does not offer, and native tool calls on a model without them, before any upstream call', async () => {
    const unknown = (await plugins.chat.ask(pluginsAsk(['calculator'], { ...functionsAgent, model: 'gpt-9' }), { endpoint: 'gptPlugins' })).frames.at(-1)!;
    expect(unknown.event).toBe('error');
    expect(unknown.data.text).toContain('illegal_model_request');
    const noTools = (await plugins.chat.ask(pluginsAsk(['calculator'], { ...functionsAgent, model: 'gpt-3.5-turbo-instruct' }), { endpoint: 'gptPlugins' })).frames.at(-1)!;
    expect(noTools.data.text).toContain('The model gpt-3.5-turbo-instruct cannot call tools');
    expect(requests()).toHaveLength(0);
  });
});

describe('the plugins endpoint with its own server settings', () => {
  it("uses a user's own OpenAI key, saved under openAI as LibreChat's client saves it, when OPENAI_API_KEY=user_provided", async () => {
    const own = await buildChatTestServer({ env: { OPENAI_API_KEY: 'user_provided', PLUGIN_MODELS: 'gpt-4o-mini', TITLE_CONVO: 'false' } });
    try {
      expect((await own.app.inject({ url: '/api/endpoints', headers: { authorization: `Bearer ${own.token}` } })).json().gptPlugins).toMatchObject({ userProvide: true });
      const missing = (await own.ask(pluginsAsk(['calculator'], functionsAgent), { endpoint: 'gptPlugins' })).frames.at(-1)!;
      expect(JSON.parse(missing.data.text)).toMatchObject({ type: 'no_user_key' });
      const saved = await own.app.inject({ method: 'PUT', url: '/api/keys', headers: { authorization: `Bearer ${own.token}` }, payload: { name: 'openAI', value: JSON.stringify({ apiKey: 'sk-user-own' }), expiresAt: null } });
      expect(saved.statusCode).toBe(201);
      own.upstreams.openai.control.configure({ reply: 'Hi.' });
      const final = (await own.ask(pluginsAsk(['calculator'], { ...functionsAgent, model: 'gpt-4o-mini' }), { endpoint: 'gptPlugins' })).frames.at(-1)!.data;
      expect(final.final).toBe(true);
      expect(own.upstreams.openai.control.lastRequest!.headers.authorization).toBe('Bearer sk-user-own');
    } finally {
      await own.close();
    }
  });

  it('runs on the Azure groups of an azureOpenAI section with plugins: true, in place of OpenAI', async () => {
    const yaml = writeYamlFile(['endpoints:', '  azureOpenAI:', '    plugins: true', '    groups:', '      - group: "fake-azure"', '        apiKey: "fake-azure-key"', '        baseURL: "${FAKE_AZURE_BASE_URL}"', '        version: "2024-10-21"', '        serverless: true', '        models:', '          gpt-4o: true', ''].join('\n'));
    const azure = await buildChatTestServer({ configPath: yaml.path, env: { FAKE_AZURE_BASE_URL: `${plugins.chat.upstreams.azure.url}/openai/deployments/gpt-4o`, TITLE_CONVO: 'false' } });
    try {
      const headers = { authorization: `Bearer ${azure.token}` };
      expect((await azure.app.inject({ url: '/api/endpoints', headers })).json().gptPlugins).toMatchObject({ azure: true, userProvide: false, availableAgents: ['classic', 'functions'] });
      expect((await azure.app.inject({ url: '/api/models', headers })).json().gptPlugins).toEqual(['gpt-4o']);
      plugins.chat.upstreams.azure.control.configure({
        reply: (request) => (toolResultsOf(request).length === 0 ? '' : `It is ${toolResultsOf(request).join()}.`),
        toolCalls: (request) => (toolResultsOf(request).length === 0 ? [{ name: 'calculator', input: { input: '6*7' } }] : []),
      });
      const final = (await azure.ask(pluginsAsk(['calculator'], { ...functionsAgent, model: 'gpt-4o' }, { model: 'gpt-4o' }), { endpoint: 'gptPlugins' })).frames.at(-1)!.data;
      expect(final.responseMessage).toMatchObject({ text: ':::plugin:::\nIt is 42.', plugins: [expect.objectContaining({ latest: 'calculator', outputs: '42' })] });
      expect(plugins.chat.upstreams.azure.control.requests.length).toBe(2);
      expect(azure.upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions'))).toEqual([]);
    } finally {
      await azure.close();
      yaml.remove();
    }
  });

  it("spends every step's tokens at the price of the model that ran it: the agent's, then the conversation's", async () => {
    const rich = await buildChatTestServer({ env: { CHECK_BALANCE: 'true', PLUGIN_MODELS: 'gpt-4o-mini,gpt-4o', TITLE_CONVO: 'false' } });
    try {
      await rich.app.store.balances.record({ userId: rich.userId, conversationId: null, tokenType: 'credits', model: null, context: 'admin', rawAmount: 1_000_000, rate: 1, tokenValue: 1_000_000 });
      rich.upstreams.openai.control.configure({
        reply: (request) => (!request.body.tools ? 'Final.' : toolResultsOf(request).length === 0 ? '' : 'Preliminary.'),
        toolCalls: (request) => (request.body.tools && toolResultsOf(request).length === 0 ? [{ name: 'calculator', input: { input: '6*7' } }] : []),
        usage: { promptTokens: 100, completionTokens: 10 },
      });
      const { frames } = await rich.ask(pluginsAsk(['calculator'], { ...functionsAgent, skipCompletion: false }), { endpoint: 'gptPlugins' });
      expect(frames.at(-1)!.data.responseMessage.text).toBe(':::plugin:::\nFinal.');
      const spent = (await rich.app.store.balances.listTransactions(rich.userId, { offset: 0, limit: 20 })).filter((transaction) => transaction.context === 'message');
      expect(spent.map((transaction) => `${transaction.model} ${transaction.tokenType}`).sort()).toEqual([
        'gpt-4o completion', 'gpt-4o completion', 'gpt-4o prompt', 'gpt-4o prompt', 'gpt-4o-mini completion', 'gpt-4o-mini prompt',
      ]);
    } finally {
      await rich.close();
    }
  });
});
