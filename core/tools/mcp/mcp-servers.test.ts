import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpServersSchema } from '../../../config/schema/mcp-servers.js';
import { startTestMcpHttpServer, type TestMcpHttpServer } from '../../../testing/mcp-servers/http-server.js';
import type { PluginLogger, ToolContext } from '../../plugin-api/index.js';
import { runToolCall } from '../run-tool-call.js';
import { DEFAULT_MCP_ICON } from './mcp-icon.js';
import { startMcpServers, type McpServers } from './mcp-servers.js';

const stdioServer = fileURLToPath(new URL('../../../testing/mcp-servers/stdio-server.mjs', import.meta.url));
const lines: string[] = [];
const log: PluginLogger = { debug() {}, info: (message) => lines.push(message), warn: (message) => lines.push(message), error: (message) => lines.push(message) };
const fast = { initialMs: 50, maxMs: 200 };
const running: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((item) => item.close()));
  lines.length = 0;
});

function start(yaml: Record<string, unknown>, env: Record<string, string> = {}): McpServers {
  const servers = startMcpServers(mcpServersSchema.parse(yaml), { env, logFor: () => log, reconnect: fast });
  running.push(servers);
  return servers;
}

async function httpServer(port = 0): Promise<TestMcpHttpServer> {
  const server = await startTestMcpHttpServer(port);
  running.push(server);
  return server;
}

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; log: ${lines.join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const context = (signal = new AbortController().signal): ToolContext => ({ signal, userId: 'u1', credentials: {}, fetch: globalThis.fetch, log });
const toolOf = (servers: McpServers, key: string) => until(() => servers.tools().get(key)?.tool, `the tool ${key}`);
const call = (name: string, input: unknown) => ({ id: 'call-1', name, input: JSON.stringify(input) });
const textOf = (parts: Array<{ type: string; text?: string }>) => parts.map((part) => part.text ?? '').join('');

describe('an MCP server over stdio', () => {
  const local = { command: process.execPath, args: [stdioServer], env: { GREETING: '${GREETING_TEXT}' } };

  it("lists its tools as <tool>_mcp_<server> with the server's schema and a store entry, and runs them", async () => {
    const servers = start({ local });
    const add = await toolOf(servers, 'add_mcp_local');
    expect([...servers.tools().keys()].sort()).toEqual(['add_mcp_local', 'crash_mcp_local', 'fail_mcp_local', 'slow_mcp_local', 'whoami_mcp_local']);
    expect(add).toMatchObject({
      description: 'Adds two numbers',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      manifest: { displayName: 'Add (local)', summary: 'Adds two numbers', icon: DEFAULT_MCP_ICON, credentials: [] },
      timeoutMs: 30_000,
    });
    expect(servers.connections[0]!.status()).toBe('connected');
    expect(textOf(await add.execute({ a: 2, b: 3 }, context()))).toBe('5');
    const failing = await runToolCall(call('fail_mcp_local', {}), servers.tools().get('fail_mcp_local')!.tool, context(), { timeoutMs: 5_000, maxOutputChars: 1_000 });
    expect(failing.output).toEqual([{ type: 'text', text: 'error processing tool fail_mcp_local: the database is on fire' }]);
  });

  it("starts the process with its own env (placeholders resolved) and PATH, not the server's secrets", async () => {
    const servers = start({ local }, { PATH: process.env.PATH ?? '/usr/bin', GREETING_TEXT: 'hello', JWT_SECRET: 'never-share', OPENAI_API_KEY: 'sk-never' });
    const whoami = JSON.parse(textOf(await (await toolOf(servers, 'whoami_mcp_local')).execute({}, context())));
    expect(whoami.greeting).toBe('hello');
    expect(whoami.env).toContain('PATH');
    expect(whoami.env).not.toContain('JWT_SECRET');
    expect(whoami.env).not.toContain('OPENAI_API_KEY');
  });

  it('ends the process at shutdown', async () => {
    const servers = start({ local });
    const { pid } = JSON.parse(textOf(await (await toolOf(servers, 'whoami_mcp_local')).execute({}, context())));
    expect(() => process.kill(pid, 0)).not.toThrow();
    await servers.close();
    expect(servers.connections[0]!.status()).toBe('closed');
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  });

  it('after a crash: unavailable with a clear error, then reconnected to a new process', async () => {
    const servers = start({ local });
    const whoami = await toolOf(servers, 'whoami_mcp_local');
    const before = JSON.parse(textOf(await whoami.execute({}, context()))).pid;
    await (await toolOf(servers, 'crash_mcp_local')).execute({}, context());
    await until(() => servers.connections[0]!.status() !== 'connected', 'the crash to be noticed');
    const during = await runToolCall(call('whoami_mcp_local', {}), whoami, context(), { timeoutMs: 5_000, maxOutputChars: 1_000 });
    // Either the old connection's tool answers it is unavailable, or the reconnect already happened.
    if (during.isError) expect(textOf(during.output)).toBe('error processing tool whoami_mcp_local: the MCP server "local" is unavailable (chatbox is reconnecting to it)');
    await until(() => servers.connections[0]!.status() === 'connected', 'the reconnection');
    const after = JSON.parse(textOf(await servers.tools().get('whoami_mcp_local')!.tool.execute({}, context()))).pid;
    expect(after).not.toBe(before);
    expect(lines.some((line) => line.startsWith('MCP server "local" is unavailable: the connection closed'))).toBe(true);
  });

  it('a command that does not exist, or a process that never answers, is unavailable and retried, never thrown', async () => {
    const servers = start({
      missing: { command: '/nonexistent/mcp-server' },
      mute: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], initTimeout: 200 },
    });
    expect(servers.connections.map((connection) => connection.status())).toEqual(['connecting', 'connecting']);
    await until(() => lines.some((line) => line.startsWith('MCP server "mute" is unavailable')), 'the mute server to time out');
    expect(lines).toContainEqual(expect.stringMatching(/^MCP server "missing" is unavailable: .*ENOENT.*; retrying in/));
    expect(lines).toContainEqual(expect.stringMatching(/^MCP server "mute" is unavailable: .*timed out.*; retrying in/i));
    expect(servers.tools().size).toBe(0);
  });
});

describe('an MCP server over HTTP (streamable HTTP and SSE)', () => {
  it('lists and runs its tools, sending the configured headers with ${VAR} resolved inside them', async () => {
    const remote = await httpServer();
    const servers = start({ remote: { type: 'streamable-http', url: remote.url, headers: { Authorization: 'Bearer ${MCP_TOKEN}' }, iconPath: 'https://example.com/remote.png' } }, { MCP_TOKEN: 't0ken' });
    const add = await toolOf(servers, 'add_mcp_remote');
    expect(add.manifest.icon).toBe('https://example.com/remote.png');
    expect(textOf(await add.execute({ a: 40, b: 2 }, context()))).toBe('42');
    expect(remote.requestHeaders.map((headers) => headers.authorization)).toEqual(remote.requestHeaders.map(() => 'Bearer t0ken'));
  });

  it('works over the older SSE transport too (a url without type), headers included', async () => {
    const remote = await httpServer();
    const servers = start({ legacy: { url: remote.sseUrl, headers: { 'X-Api-Key': '${LEGACY_KEY}' } } }, { LEGACY_KEY: 'k-123' });
    const add = await toolOf(servers, 'add_mcp_legacy');
    expect(textOf(await add.execute({ a: 1, b: 2 }, context()))).toBe('3');
    expect(remote.requestHeaders.map((headers) => headers['x-api-key'])).toEqual(remote.requestHeaders.map(() => 'k-123'));
  });

  it('re-reads the tools when the server announces a change', async () => {
    const remote = await httpServer();
    const servers = start({ remote: { type: 'streamable-http', url: remote.url } });
    await toolOf(servers, 'add_mcp_remote');
    remote.addTool('double', 'Doubles a number');
    const double = await toolOf(servers, 'double_mcp_remote');
    expect(textOf(await double.execute({ n: 21 }, context()))).toBe('42');
  });

  it('down at start: returns at once, has no tools, and picks them up once the server comes up', async () => {
    const probe = await startTestMcpHttpServer();
    const { port } = probe;
    await probe.close();
    const servers = start({ later: { type: 'streamable-http', url: `http://127.0.0.1:${port}/mcp` } });
    await until(() => servers.connections[0]!.status() === 'unavailable', 'the first failure');
    expect(servers.tools().size).toBe(0);
    await httpServer(port);
    expect(textOf(await (await toolOf(servers, 'add_mcp_later')).execute({ a: 1, b: 1 }, context()))).toBe('2');
  });

  it('notices a server that went away on the next call, answers a clear error, and reconnects once it is back', async () => {
    const first = await httpServer();
    const servers = start({ remote: { type: 'streamable-http', url: first.url } });
    const add = await toolOf(servers, 'add_mcp_remote');
    await first.close();
    const failed = await runToolCall(call('add_mcp_remote', { a: 1, b: 1 }), add, context(), { timeoutMs: 5_000, maxOutputChars: 1_000 });
    expect(failed.isError).toBe(true);
    expect(servers.connections[0]!.status()).not.toBe('connected');
    const again = await runToolCall(call('add_mcp_remote', { a: 1, b: 1 }), add, context(), { timeoutMs: 5_000, maxOutputChars: 1_000 });
    expect(again.output).toEqual([{ type: 'text', text: 'error processing tool add_mcp_remote: the MCP server "remote" is unavailable (chatbox is reconnecting to it)' }]);
    await httpServer(first.port);
    await until(() => servers.connections[0]!.status() === 'connected', 'the reconnection');
    expect(textOf(await servers.tools().get('add_mcp_remote')!.tool.execute({ a: 1, b: 1 }, context()))).toBe('2');
  });

  it("gives up on a call past the server's timeout and cancels it on the server", async () => {
    const remote = await httpServer();
    const servers = start({ remote: { type: 'streamable-http', url: remote.url, timeout: 200 } });
    const slow = await toolOf(servers, 'slow_mcp_remote');
    const started = Date.now();
    const result = await runToolCall(call('slow_mcp_remote', { ms: 10_000, label: 'late' }), slow, context(), { timeoutMs: 30_000, maxOutputChars: 1_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.output).toEqual([{ type: 'text', text: 'error processing tool slow_mcp_remote: it did not answer within 200 ms' }]);
    await until(() => remote.cancelled.includes('late'), 'the server to see the cancellation');
  });

  it('Stop mid-call cancels the request on the server', async () => {
    const remote = await httpServer();
    const servers = start({ remote: { type: 'streamable-http', url: remote.url } });
    const slow = await toolOf(servers, 'slow_mcp_remote');
    const stop = new AbortController();
    const running = runToolCall(call('slow_mcp_remote', { ms: 10_000, label: 'stopped' }), slow, context(stop.signal), { timeoutMs: 30_000, maxOutputChars: 1_000 });
    await remote.started('stopped');
    stop.abort();
    expect((await running).output).toEqual([{ type: 'text', text: 'error processing tool slow_mcp_remote: the turn was stopped' }]);
    await until(() => remote.cancelled.includes('stopped'), 'the server to see the cancellation');
  });
});
