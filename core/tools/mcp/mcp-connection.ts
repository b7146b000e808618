import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as ListedTool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig } from '../../../config/schema/mcp-servers.js';
import { loadOnce } from '../../errors/index.js';
import type { PluginLogger, Tool } from '../../plugin-api/index.js';
import { mcpIcon } from './mcp-icon.js';
import { toMcpTool } from './mcp-tool.js';
import { createMcpTransport } from './mcp-transport.js';

/** The MCP SDK (about 27 MB) loads when a configured server is first connected, not at start. */
const loadSdk = loadOnce('@modelcontextprotocol/sdk', async () => {
  const [{ Client }, { McpError }] = await Promise.all([import('@modelcontextprotocol/sdk/client/index.js'), import('@modelcontextprotocol/sdk/types.js')]);
  return { Client, McpError };
});

/** How long to wait before the next connection attempt: doubling from `initialMs` up to `maxMs`. */
export interface ReconnectPolicy {
  initialMs: number;
  maxMs: number;
}

export const defaultReconnectPolicy: ReconnectPolicy = { initialMs: 1_000, maxMs: 60_000 };

export type McpServerStatus = 'connecting' | 'connected' | 'unavailable' | 'closed';

/** One configured MCP server, kept connected in the background. */
export interface McpConnection {
  readonly name: string;
  status(): McpServerStatus;
  /** The server's tools as last listed, by key; empty until it has answered once. */
  tools(): ReadonlyMap<string, Tool>;
  /** Starts connecting without waiting (the server's start-up never waits on an MCP server). */
  start(): void;
  /** Stops reconnecting and closes the connection: a stdio server's process is ended (stdin closed, then SIGTERM, then SIGKILL). */
  close(): Promise<void>;
}

export interface McpConnectionOptions {
  env: Readonly<Record<string, string | undefined>>;
  log: PluginLogger;
  reconnect?: ReconnectPolicy;
}

/** An error's message, with its cause's ("fetch failed" says little without "connect ECONNREFUSED 127.0.0.1:9"). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/** Every page of the server's tool list (a server may page it with cursors). */
async function listAllTools(client: Client, timeout: number): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  let cursor: string | undefined;
  // A server repeating its cursor must not keep the connection attempt busy forever.
  for (let page = 0; page < 100; page += 1) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

/**
 * Connects to one server, lists its tools and keeps them. A server that cannot be reached, does not
 * answer within `initTimeout`, or drops the connection later (a crashed process, a restarted
 * service) is `unavailable` and tried again with a doubling delay; meanwhile its last-known tools
 * answer a clear error, and one never listed has none.
 */
export function createMcpConnection(name: string, config: McpServerConfig, options: McpConnectionOptions): McpConnection {
  const { log } = options;
  const policy = options.reconnect ?? defaultReconnectPolicy;
  const { icon, problem } = mcpIcon(config.iconPath);
  if (problem) log.warn(problem);
  let status: McpServerStatus = 'connecting';
  let closed = false;
  let client: Client | undefined;
  let tools = new Map<string, Tool>();
  let delay = policy.initialMs;
  let retry: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;
  // The client of an attempt under way, so close() can end it (and its process) at once.
  let pending: Client | undefined;

  const call = async (tool: string, input: unknown, signal: AbortSignal) => {
    const live = client;
    if (!live) throw new Error(`the MCP server "${name}" is unavailable (chatbox is reconnecting to it)`);
    const args = input !== null && typeof input === 'object' ? Object.fromEntries(Object.entries(input)) : {};
    let result;
    try {
      result = await live.callTool({ name: tool, arguments: args }, undefined, { signal, timeout: config.timeout });
    } catch (error) {
      // Loaded already: this client came from it.
      const { McpError } = await loadSdk();
      // An HTTP server that went away only shows when a request fails (no open connection to see
      // close): a failure that is neither the server's answer (McpError) nor the turn's stop or
      // timeout means the connection is lost, so reconnect.
      if (!(error instanceof McpError) && !signal.aborted && client === live) {
        client = undefined;
        void live.close().catch(() => undefined);
        scheduleRetry(describe(error));
      }
      throw error;
    }
    return { content: Array.isArray(result.content) ? result.content : [], isError: result.isError === true, structuredContent: result.structuredContent };
  };
  const server = { name, icon, timeout: config.timeout, call };

  const setTools = (listed: ListedTool[]) => {
    tools = new Map(listed.map((entry) => toMcpTool(entry, server)).map((tool) => [tool.name, tool]));
  };

  const scheduleRetry = (reason: string) => {
    if (closed) return;
    status = 'unavailable';
    log.warn(`MCP server "${name}" is unavailable: ${reason}; retrying in ${Math.round(delay / 100) / 10} s`);
    retry = setTimeout(() => {
      retry = undefined;
      attempt = connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, policy.maxMs);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    status = 'connecting';
    let next: Client | undefined;
    try {
      const { Client } = await loadSdk();
      // A server that announces a changed tool list (tools.listChanged) is re-read; the next turn sees it.
      const created: Client = new Client(
        { name: 'chatbox', version: '1' },
        {
          listChanged: {
            tools: {
              onChanged: (error, listed) => {
                if (error || !listed) log.warn(`MCP server "${name}" changed its tools but they could not be listed`, { error: error ? describe(error) : undefined });
                else if (client === created) setTools(listed);
              },
            },
          },
        },
      );
      next = created;
      pending = created;
      await created.connect(await createMcpTransport(config, options.env, log), { timeout: config.initTimeout });
      const listed = await listAllTools(created, config.initTimeout);
      if (closed) {
        await created.close();
        return;
      }
      client = created;
      setTools(listed);
      status = 'connected';
      delay = policy.initialMs;
      created.onclose = () => {
        if (client !== created) return;
        client = undefined;
        scheduleRetry('the connection closed');
      };
      log.info(`MCP server "${name}" connected`, { tools: [...tools.keys()] });
    } catch (error) {
      // Closing ends a stdio process that started but did not answer.
      await next?.close().catch(() => undefined);
      scheduleRetry(describe(error));
    } finally {
      pending = undefined;
    }
  }

  return {
    name,
    status: () => status,
    tools: () => tools,
    start() {
      attempt = connect();
    },
    async close() {
      closed = true;
      status = 'closed';
      clearTimeout(retry);
      await pending?.close().catch(() => undefined);
      await attempt;
      const live = client;
      client = undefined;
      await live?.close();
    },
  };
}
