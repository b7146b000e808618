import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import type { FakeToolCall, FakeUpstream, RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { testToolPlugins } from '../../../testing/test-tool-plugins.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';

let chat: ChatTestContext;
let tools: ReturnType<typeof testToolPlugins>;

beforeAll(async () => {
  tools = testToolPlugins();
  // No titles: a background title request would land in the next test's recorded requests. No message
  // rate limit: the suite sends more turns than a minute's allowance.
  chat = await buildChatTestServer({ withFakeEndpoints: true, plugins: tools.plugins, env: { GOOGLE_MODELS: 'gemini-2.0-flash', OPENAI_MODELS: 'gpt-4o-mini,o1-mini', TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false' } });
});
afterAll(() => chat.close());
beforeEach(() => {
  chat.upstreams.reset();
  tools.log.calls.length = 0;
  chat.app.chat.agent.maxSteps = 10;
  chat.app.chat.agent.toolCall = { timeoutMs: 30_000, maxOutputChars: 20_000 };
});

/** The tool calls of earlier steps a request repeats, by tool name, in each provider's own shape. */
function toolCallsIn(body: any): string[] {
  const names: string[] = [];
  for (const message of body.messages ?? []) {
    for (const call of message.tool_calls ?? []) names.push(call.function.name);
    if (Array.isArray(message.content)) for (const part of message.content) if (part.type === 'tool_use') names.push(part.name);
  }
  for (const content of body.contents ?? []) for (const part of content.parts ?? []) if (part.functionCall) names.push(part.functionCall.name);
  return names;
}

const offersTools = (request: RecordedRequest) => request.body?.tools !== undefined;

/** Scripts a fake: the calls of step n are steps[n] (by how many results the request carries), then `answer`. */
function script(upstream: FakeUpstream, steps: FakeToolCall[][], answer: (request: RecordedRequest) => string) {
  const stepOf = (request: RecordedRequest) => steps.findIndex((_, index) => steps.slice(0, index).flat().length === toolResultsIn(request.body).length);
  upstream.control.configure({
    reply: (request) => (offersTools(request) && stepOf(request) !== -1 ? '' : answer(request)),
    toolCalls: (request) => (offersTools(request) && stepOf(request) !== -1 ? steps[stepOf(request)]! : []),
  });
}

const providers = [
  { endpoint: 'openAI', route: 'openAI', model: 'gpt-4o-mini', upstream: () => chat.upstreams.openai },
  { endpoint: 'azureOpenAI', route: 'azureOpenAI', model: 'gpt-4o', upstream: () => chat.upstreams.azure },
  { endpoint: 'anthropic', route: 'anthropic', model: 'claude-3-5-haiku-latest', upstream: () => chat.upstreams.anthropic },
  { endpoint: 'google', route: 'google', model: 'gemini-2.0-flash', upstream: () => chat.upstreams.google },
  { endpoint: 'Fake Ollama', route: 'custom', model: 'llama3.1', upstream: () => chat.upstreams.openai },
];

describe.each(providers)('the agent loop on $endpoint', ({ endpoint, route, model, upstream }) => {
  const ask = (toolKeys: string[], extra: Record<string, unknown> = {}) =>
    chat.ask({ text: 'Use your tools', conversationId: null, parentMessageId: NO_PARENT, model, endpoint, tools: toolKeys, ...extra }, { endpoint: route });
  const toolRequests = () => upstream().control.requests.filter(offersTools);
  const lastResults = () => toolResultsIn(toolRequests().at(-1)!.body);

  it('runs a single call, feeds its result back, streams and stores the call, and a reload shows it', async () => {
    script(upstream(), [[{ name: 'calculator', input: { input: '6*7' } }]], (request) => `The result is ${toolResultsIn(request.body).join()}.`);
    const { frames } = await ask(['calculator']);
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);
    const run = { runId: expect.any(String), latest: 'calculator', inputs: ['{"input":"6*7"}'], outputs: '42', loading: false };
    expect(final.responseMessage.plugins).toEqual([run]);
    expect(final.responseMessage.text).toMatch(/^The result is .*42.*\.$/);

    const boxes = frames.flatMap((frame) => (frame.data.message === true && frame.data.plugins ? [frame.data.plugins[0]] : []));
    expect(boxes[0]).toMatchObject({ latest: 'calculator', loading: true, outputs: null });
    expect(boxes).toContainEqual(run);

    expect(toolRequests()).toHaveLength(2);
    expect(JSON.stringify(toolRequests()[0]!.body.tools)).toContain('"calculator"');
    expect(toolCallsIn(toolRequests()[1]!.body)).toEqual(['calculator']);
    expect(lastResults()).toEqual([expect.stringContaining('42')]);

    const reload = await chat.app.inject({ url: `/api/messages/${final.conversation.conversationId}`, headers: { authorization: `Bearer ${chat.token}` } });
    const stored = reload.json().find((message: { messageId: string }) => message.messageId === final.responseMessage.messageId);
    expect(stored).toMatchObject({ plugins: [run], text: final.responseMessage.text, unfinished: false });
    // Stored for the conversation's next turns, never sent: LibreChat's client holds plugin objects there.
    expect(final.conversation.tools).toBeUndefined();
    expect((await chat.app.store.conversations.find(chat.userId, final.conversation.conversationId))?.tools).toEqual(['calculator']);
  });

  it('runs the calls of one step in parallel and answers them all in one tool message', async () => {
    script(upstream(), [[{ name: 'rendezvous', input: { label: 'a' } }, { name: 'rendezvous', input: { label: 'b' } }]], () => 'Both met.');
    const { frames } = await ask(['rendezvous']);
    expect(frames.at(-1)!.data.final).toBe(true);
    expect(frames.at(-1)!.data.responseMessage.plugins.map((run: { outputs: string }) => run.outputs)).toEqual(['met {"label":"a"}', 'met {"label":"b"}']);
    // JSON-encoded or not depending on the provider's shape: compared without escapes.
    expect(lastResults().map((text) => text.replaceAll('\\', ''))).toEqual([expect.stringContaining('met {"label":"a"}'), expect.stringContaining('met {"label":"b"}')]);
  });

  it('chains calls over steps until the model answers', async () => {
    script(upstream(), [[{ name: 'calculator', input: { input: '6*7' } }], [{ name: 'calculator', input: { input: '42+1' } }]], () => 'It is 43.');
    const { frames } = await ask(['calculator']);
    const final = frames.at(-1)!.data;
    expect(final.responseMessage.plugins.map((run: { outputs: string }) => run.outputs)).toEqual(['42', '43']);
    expect(final.responseMessage.text).toBe('It is 43.');
    expect(toolRequests()).toHaveLength(3);
    expect(toolCallsIn(toolRequests()[2]!.body)).toEqual(['calculator', 'calculator']);
  });

  it('answers a failing tool to the model as "error processing tool", never failing the turn', async () => {
    script(upstream(), [[{ name: 'explode', input: {} }]], () => 'The tool failed, sorry.');
    const { frames } = await ask(['explode']);
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);
    expect(final.responseMessage).toMatchObject({ error: false, text: 'The tool failed, sorry.' });
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ latest: 'explode', outputs: 'error processing tool explode: the fuse was lit', error: true, loading: false })]);
    expect(lastResults()).toEqual([expect.stringContaining('error processing tool explode: the fuse was lit')]);
  });

  it('sends an input that fails the schema back as an error without running the tool', async () => {
    script(upstream(), [[{ name: 'rendezvous', input: { label: 7 } }]], () => 'I will fix my input.');
    const { frames } = await ask(['rendezvous']);
    expect(frames.at(-1)!.data.responseMessage.plugins[0]).toMatchObject({ error: true, outputs: expect.stringMatching(/^error processing tool rendezvous: the input does not match the tool's schema \(label: .*string/) });
    expect(tools.log.calls).toEqual([]);
    expect(lastResults()).toEqual([expect.stringContaining('error processing tool rendezvous')]);
  });

  it('stops at the step limit with a note in the reply', async () => {
    chat.app.chat.agent.maxSteps = 3;
    upstream().control.configure({ reply: '', toolCalls: (request) => (offersTools(request) ? [{ name: 'calculator', input: { input: '1+1' } }] : []) });
    const { frames } = await ask(['calculator']);
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);
    expect(toolRequests()).toHaveLength(3);
    expect(final.responseMessage.plugins).toHaveLength(2);
    expect(final.responseMessage.text).toMatch(/still calling tools after 3 steps/);
  });

  it('Stop while a tool runs: the tool sees the abort, the reply is kept with the call, no further model call', async () => {
    script(upstream(), [[{ name: 'wait_for_stop', input: {} }]], () => 'never asked');
    const asking = ask(['wait_for_stop']);
    const context = await tools.started('wait_for_stop');
    expect(context.signal.aborted).toBe(false);
    // A reload while the tool runs shows it running.
    const runningReply = async () => (await chat.app.store.messages.listByConversation(chat.userId, context.conversationId!)).find((message) => !message.isCreatedByUser);
    for (let tries = 0; (await runningReply()) === undefined && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await runningReply()).toMatchObject({ unfinished: true, plugins: [expect.objectContaining({ latest: 'wait_for_stop', loading: true, outputs: null })] });
    const stopped = await chat.app.inject({ method: 'POST', url: `/api/ask/${route}/abort`, payload: { abortKey: context.conversationId, endpoint }, headers: { authorization: `Bearer ${chat.token}` } });
    expect(stopped.statusCode).toBe(200);
    expect(context.signal.aborted).toBe(true);
    expect(stopped.json().responseMessage).toMatchObject({
      finish_reason: 'incomplete',
      plugins: [expect.objectContaining({ latest: 'wait_for_stop', loading: false, error: true, outputs: 'error processing tool wait_for_stop: the turn was stopped' })],
    });
    await asking;
    expect(toolRequests()).toHaveLength(1);
  });
});

describe('the agent loop, on any provider', () => {
  const ask = (extra: Record<string, unknown>) => chat.ask({ text: 'Use your tools', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', ...extra });

  it('leaves out tool keys the server does not have and offers the rest', async () => {
    script(chat.upstreams.openai, [[{ name: 'calculator', input: { input: '2^10' } }]], () => 'done');
    const { frames } = await ask({ tools: ['no_such_tool', 'calculator'] });
    expect(frames.at(-1)!.data.responseMessage.plugins[0].outputs).toBe('1024');
    expect(chat.upstreams.openai.control.requests[0]!.body.tools.map((tool: any) => tool.function.name)).toEqual(['calculator']);
  });

  it('is a plain turn when none of the keys is known', async () => {
    const { frames } = await ask({ tools: ['no_such_tool'] });
    expect(frames.at(-1)!.data.final).toBe(true);
    expect(chat.upstreams.openai.control.requests[0]!.body.tools).toBeUndefined();
  });

  it('answers a clear error for a model that cannot call tools', async () => {
    const { frames } = await ask({ tools: ['calculator'], model: 'o1-mini' });
    expect(frames.at(-1)!.event).toBe('error');
    expect(frames.at(-1)!.data.text).toContain('The model o1-mini cannot call tools');
    expect(chat.upstreams.openai.control.requests).toHaveLength(0);
  });

  it('gives up on a tool past its timeout, firing its signal', async () => {
    chat.app.chat.agent.toolCall.timeoutMs = 100;
    script(chat.upstreams.openai, [[{ name: 'wait_for_stop', input: {} }]], () => 'It timed out.');
    const { frames } = await ask({ tools: ['wait_for_stop'] });
    expect(frames.at(-1)!.data.responseMessage.plugins[0].outputs).toBe('error processing tool wait_for_stop: it did not answer within 100 ms');
    expect(tools.log.calls[0]!.context.signal.aborted).toBe(true);
    expect(frames.at(-1)!.data.responseMessage.text).toBe('It timed out.');
  });

  it('gives tools the SSRF-guarded fetch: a model-chosen loopback URL is refused', async () => {
    script(chat.upstreams.openai, [[{ name: 'explode', input: {} }]], () => 'ok');
    await ask({ tools: ['explode'] });
    const { context } = tools.log.calls[0]!;
    // The Anthropic fake listens on loopback, which no librechat.yaml here allows.
    await expect(context.fetch(`${chat.upstreams.anthropic.url}/v1/models`)).rejects.toThrow();
    expect(chat.upstreams.anthropic.control.requests).toHaveLength(0);
    expect(context).toMatchObject({ userId: chat.userId, credentials: {}, conversationId: expect.any(String) });
  });

  it('cuts a long output to the budget with a note to the model', async () => {
    chat.app.chat.agent.toolCall.maxOutputChars = 1_000;
    script(chat.upstreams.openai, [[{ name: 'big_output', input: {} }]], () => 'ok');
    await ask({ tools: ['big_output'] });
    const sent = chat.upstreams.openai.control.requests.at(-1)!.body.messages.find((message: any) => message.role === 'tool');
    const text = typeof sent.content === 'string' ? sent.content : sent.content.map((part: any) => part.text).join('');
    expect(text).toBe(`${'x'.repeat(1_000)}\n[output truncated: the tool returned 50000 characters, only the first 1000 are shown]`);
  });
});

describe('the agent loop and the balance', () => {
  it('spends the tokens of every step (model call) of the turn', async () => {
    const rich = await buildChatTestServer({ plugins: testToolPlugins().plugins, env: { CHECK_BALANCE: 'true', TITLE_CONVO: 'false' } });
    try {
      await rich.app.store.balances.record({ userId: rich.userId, conversationId: null, tokenType: 'credits', model: null, context: 'admin', rawAmount: 1_000_000, rate: 1, tokenValue: 1_000_000 });
      script(rich.upstreams.openai, [[{ name: 'calculator', input: { input: '6*7' } }], [{ name: 'calculator', input: { input: '42+1' } }]], () => 'It is 43.');
      rich.upstreams.openai.control.configure({ usage: { promptTokens: 100, completionTokens: 10 } });
      const { frames } = await rich.ask({ text: 'Use your tools', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', tools: ['calculator'] });
      expect(frames.at(-1)!.data.final).toBe(true);
      const spent = (await rich.app.store.balances.listTransactions(rich.userId, { offset: 0, limit: 20 })).filter((transaction) => transaction.context === 'message');
      // Three model calls, each a prompt and a completion transaction of the upstream's counts.
      expect(spent.map((transaction) => [transaction.tokenType, transaction.rawAmount]).sort()).toEqual([
        ['completion', -10], ['completion', -10], ['completion', -10], ['prompt', -100], ['prompt', -100], ['prompt', -100],
      ]);
    } finally {
      await rich.close();
    }
  });
});
