import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { closedPortUrl, type FakeToolCall, type FakeUpstream, type RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { startTestMcpHttpServer, type TestMcpHttpServer } from '../../../testing/mcp-servers/http-server.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';

const stdioServer = fileURLToPath(new URL('../../../testing/mcp-servers/stdio-server.mjs', import.meta.url));

async function until(probe: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A chat test server whose librechat.yaml names these MCP servers, connecting to them as `serve` does. */
async function serverWith(mcpServers: Record<string, unknown>) {
  const yaml = writeYamlFile(`mcpServers: ${JSON.stringify(mcpServers)}\n`);
  const chat = await buildChatTestServer({ configPath: yaml.path, connectMcpServers: true, env: { TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false' } });
  return { chat, close: async () => (await chat.close(), yaml.remove()) };
}

/** The calls of the first tool-offering request, then `answer` once the results are in. */
function script(upstream: FakeUpstream, calls: FakeToolCall[], answer: (request: RecordedRequest) => string) {
  const hasResults = (request: RecordedRequest) => JSON.stringify(request.body).includes('tool_result') || (request.body?.messages ?? []).some((message: { role: string }) => message.role === 'tool');
  upstream.control.configure({ reply: (request) => (hasResults(request) ? answer(request) : ''), toolCalls: (request) => (hasResults(request) ? [] : calls) });
}

describe('MCP tools in a turn', () => {
  let remote: TestMcpHttpServer;
  let server: Awaited<ReturnType<typeof serverWith>>;
  let chat: ChatTestContext;

  beforeAll(async () => {
    remote = await startTestMcpHttpServer();
    server = await serverWith({ local: { command: process.execPath, args: [stdioServer] }, remote: { type: 'streamable-http', url: remote.url } });
    chat = server.chat;
    await until(() => chat.app.chat.tools.keys.includes('add_mcp_local') && chat.app.chat.tools.keys.includes('slow_mcp_remote'), 'both servers to be connected');
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });
  beforeEach(() => chat.upstreams.reset());

  const ask = (tools: string[], endpoint = 'openAI', model = 'gpt-4o-mini') =>
    chat.ask({ text: 'Use your tools', conversationId: null, parentMessageId: NO_PARENT, model, endpoint, tools }, { endpoint });

  it('offers a stdio server\'s tool to the model, runs the call it makes and feeds the result back', async () => {
    script(chat.upstreams.openai, [{ name: 'add_mcp_local', input: { a: 2, b: 3 } }], (request) => `The sum is ${JSON.stringify(request.body.messages.at(-1).content)}.`);
    const { frames } = await ask(['add_mcp_local']);
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ latest: 'add_mcp_local', inputs: ['{"a":2,"b":3}'], outputs: '5', loading: false })]);
    expect(final.responseMessage.text).toContain('5');
    const offered = chat.upstreams.openai.control.requests[0]!.body.tools;
    expect(offered).toEqual([expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'add_mcp_local', description: 'Adds two numbers' }) })]);
    expect(offered[0].function.parameters).toMatchObject({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] });
  });

  it('lists the MCP tools in the tool store after the built-ins, usable without installing, and installable', async () => {
    const auth = { authorization: `Bearer ${chat.token}` };
    const plugins: Array<{ pluginKey: string; authConfig: unknown[]; authenticated: boolean }> = (await chat.app.inject({ url: '/api/plugins', headers: auth })).json();
    const keys = plugins.map((plugin) => plugin.pluginKey);
    expect(keys.indexOf('add_mcp_local')).toBeGreaterThan(keys.indexOf('calculator'));
    expect(plugins.find((plugin) => plugin.pluginKey === 'add_mcp_remote')).toMatchObject({ authConfig: [], authenticated: true });
    const installed = await chat.app.inject({ method: 'POST', url: '/api/user/plugins', payload: { pluginKey: 'add_mcp_remote', action: 'install' }, headers: auth });
    expect(installed.statusCode).toBe(200);
    expect((await chat.app.inject({ url: '/api/user', headers: auth })).json().plugins).toContain('add_mcp_remote');
  });

  it('runs a streamable-HTTP server\'s tool on another provider (Anthropic) the same way', async () => {
    script(chat.upstreams.anthropic, [{ name: 'add_mcp_remote', input: { a: 40, b: 2 } }], () => 'It is 42.');
    const { frames } = await ask(['add_mcp_remote'], 'anthropic', 'claude-3-5-haiku-latest');
    const final = frames.at(-1)!.data;
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ latest: 'add_mcp_remote', outputs: '42' })]);
    const results = JSON.stringify(chat.upstreams.anthropic.control.requests.at(-1)!.body.messages);
    expect(results).toContain('tool_result');
    expect(results).toContain('42');
  });

  it('Stop during an MCP call keeps the reply and cancels the call on the MCP server', async () => {
    script(chat.upstreams.openai, [{ name: 'slow_mcp_remote', input: { ms: 20_000, label: 'turn' } }], () => 'never asked');
    const asking = ask(['slow_mcp_remote']);
    await remote.started('turn');
    const convos = await chat.app.inject({ url: '/api/convos', headers: { authorization: `Bearer ${chat.token}` } });
    const conversationId = convos.json().conversations[0].conversationId;
    const stopped = await chat.app.inject({ method: 'POST', url: '/api/ask/openAI/abort', payload: { abortKey: conversationId, endpoint: 'openAI' }, headers: { authorization: `Bearer ${chat.token}` } });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().responseMessage.plugins).toEqual([expect.objectContaining({ latest: 'slow_mcp_remote', error: true, outputs: 'error processing tool slow_mcp_remote: the turn was stopped' })]);
    await asking;
    await until(() => remote.cancelled.includes('turn'), 'the MCP server to see the cancellation');
  });
});

describe('MCP servers that are down', () => {
  it('never hold up the start or a turn: the tool is left out until the server answers', async () => {
    const started = Date.now();
    const server = await serverWith({
      down: { type: 'streamable-http', url: `${closedPortUrl()}/mcp` },
      mute: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], initTimeout: 60_000 },
    });
    try {
      expect(Date.now() - started).toBeLessThan(5_000);
      const { chat } = server;
      expect(chat.app.chat.tools.keys.filter((key) => key.includes('_mcp_'))).toEqual([]);
      const { frames } = await chat.ask({ text: 'hi', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', tools: ['add_mcp_down'] });
      expect(frames.at(-1)!.data.final).toBe(true);
      expect(chat.upstreams.openai.control.requests[0]!.body.tools).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('shutting the server down ends the stdio processes it started', async () => {
    const server = await serverWith({ local: { command: process.execPath, args: [stdioServer] } });
    const { chat } = server;
    await until(() => chat.app.chat.tools.keys.includes('whoami_mcp_local'), 'the stdio server');
    const [whoami] = chat.app.chat.tools.resolve(['whoami_mcp_local'], [], { warn() {} });
    const output = await whoami!.tool.execute({}, { signal: new AbortController().signal, userId: chat.userId, credentials: {}, fetch: globalThis.fetch, log: whoami!.log });
    const { pid } = JSON.parse(output[0]!.type === 'text' ? output[0]!.text : '{}');
    expect(() => process.kill(pid, 0)).not.toThrow();
    await server.close();
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  });
});
