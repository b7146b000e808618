import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { listenForTurns } from '../../../testing/approval-turns.js';
import { startTestMcpHttpServer, type TestMcpHttpServer } from '../../../testing/mcp-servers/http-server.js';
import type { RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { pluginSchema } from '../../../testing/librechat-client/schemas/plugin.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';

const stdioServer = fileURLToPath(new URL('../../../testing/mcp-servers/stdio-server.mjs', import.meta.url));

async function until(probe: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('approval of MCP tools, marked through their server', () => {
  let remote: TestMcpHttpServer;
  let chat: ChatTestContext;
  let yaml: ReturnType<typeof writeYamlFile>;
  let turns: Awaited<ReturnType<typeof listenForTurns>>;

  beforeAll(async () => {
    remote = await startTestMcpHttpServer();
    // `local` marks one of its tools by its name on the server, `remote` all of its tools; the top-level list names an MCP key too.
    const mcpServers = { local: { command: process.execPath, args: [stdioServer], requiresApproval: ['add'] }, remote: { type: 'streamable-http', url: remote.url, requiresApproval: true } };
    yaml = writeYamlFile(`mcpServers: ${JSON.stringify(mcpServers)}\ntools:\n  requiresApproval: [fail_mcp_local]\n`);
    chat = await buildChatTestServer({ configPath: yaml.path, connectMcpServers: true, env: { TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false' } });
    await until(() => chat.app.chat.tools.keys.includes('add_mcp_local') && chat.app.chat.tools.keys.includes('add_mcp_remote'), 'both servers to be connected');
    turns = await listenForTurns(chat);
  });
  afterAll(async () => {
    await chat.close();
    await remote.close();
    yaml.remove();
  });

  it('marks the tools a server names, every tool of a server marked true, and MCP keys of tools.requiresApproval', () => {
    const marked = (key: string) => chat.app.chat.tools.find(key)?.requiresApproval === true;
    expect(marked('add_mcp_local')).toBe(true);
    expect(marked('whoami_mcp_local')).toBe(false);
    expect(marked('fail_mcp_local')).toBe(true);
    expect(chat.app.chat.tools.keys.filter((key) => key.endsWith('_mcp_remote')).every(marked)).toBe(true);
    expect(marked('calculator')).toBe(false);
  });

  it('the plugin store says which tools ask before each call, in objects LibreChat\'s TPlugin schema still accepts', async () => {
    const plugins: Array<{ pluginKey: string; requiresApproval?: boolean }> = (await chat.app.inject({ url: '/api/plugins', headers: { authorization: `Bearer ${chat.token}` } })).json();
    const flag = (key: string) => plugins.find((plugin) => plugin.pluginKey === key)?.requiresApproval;
    expect([flag('add_mcp_local'), flag('fail_mcp_local'), flag('add_mcp_remote')]).toEqual([true, true, true]);
    // Unmarked tools carry no key at all: their objects are LibreChat's exactly.
    expect(plugins.find((plugin) => plugin.pluginKey === 'whoami_mcp_local')).not.toHaveProperty('requiresApproval');
    expect(plugins.find((plugin) => plugin.pluginKey === 'calculator')).not.toHaveProperty('requiresApproval');
    for (const plugin of plugins) expect(pluginSchema.safeParse(plugin).error).toBeUndefined();
  });

  it("waits for the user before calling the server's tool, then runs it once allowed", async () => {
    const first = (request: RecordedRequest) => toolResultsIn(request.body).length === 0;
    chat.upstreams.openai.control.configure({
      reply: (request) => (first(request) ? '' : `The sum is ${toolResultsIn(request.body).join()}.`),
      toolCalls: (request) => (first(request) ? [{ name: 'add_mcp_local', input: { a: 2, b: 3 } }] : []),
    });
    let waited = false;
    const { final } = await turns.converse('openAI', { text: 'Add', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', tools: ['add_mcp_local'] }, async (run) => {
      waited = true;
      expect(run).toMatchObject({ latest: 'add_mcp_local', loading: true, outputs: null });
      expect((await turns.answer(run.approval!.id, true)).status).toBe(200);
    });
    expect(waited).toBe(true);
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ latest: 'add_mcp_local', outputs: '5', approval: expect.objectContaining({ status: 'allowed' }) })]);
    expect(final.responseMessage.text).toContain('5');
  });
});
