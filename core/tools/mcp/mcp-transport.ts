import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { interpolateEmbedded } from '../../../config/interpolate.js';
import type { McpServerConfig } from '../../../config/schema/mcp-servers.js';
import type { PluginLogger } from '../../plugin-api/index.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Resolves `${VAR}` inside each value (whole values the loader already did), warning once per unset name. */
function resolveValues(values: Record<string, string>, env: Env, log: PluginLogger, where: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, text]) => {
      const { value, missing } = interpolateEmbedded(text, env);
      if (missing.length > 0) log.warn(`${where}.${key} names unset environment variables; their placeholders are sent as written`, { missing });
      return [key, value];
    }),
  );
}

/**
 * The SDK transport for one configured server. A stdio server gets only its own `env` plus PATH
 * from chatbox's environment (the SDK adds the harmless HOME, LOGNAME, SHELL, TERM, USER), never the
 * server's secrets; its stderr is read into the log. URLs are the operator's, so they are not
 * passed through the SSRF guard: an MCP server on loopback or a private network works. Each
 * transport's module loads when a server of its type first connects (the SDK stays out of the idle server).
 */
export async function createMcpTransport(config: McpServerConfig, env: Env, log: PluginLogger): Promise<Transport> {
  if (config.type === 'stdio') {
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const ownEnv = resolveValues(config.env, env, log, 'env');
    const transport = new StdioClientTransport({
      command: config.command,
      args: config.args,
      env: { ...(env.PATH === undefined ? {} : { PATH: env.PATH }), ...ownEnv },
      stderr: 'pipe',
    });
    // A piped stderr must be drained or a chatty server blocks on a full pipe.
    transport.stderr?.on('data', (chunk: Buffer) => log.debug('stderr', { text: chunk.toString('utf8').slice(0, 2_000) }));
    return transport;
  }
  if (config.type === 'websocket') throw new Error('websocket MCP servers are not supported (Node 20 has no WebSocket client); use streamable-http');
  const { value: url, missing } = interpolateEmbedded(config.url, env);
  if (missing.length > 0) log.warn('url names unset environment variables', { missing });
  const requestInit: RequestInit = { headers: resolveValues(config.headers, env, log, 'headers') };
  if (config.type === 'sse') {
    const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
    return new SSEClientTransport(new URL(url), { requestInit });
  }
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  return new StreamableHTTPClientTransport(new URL(url), { requestInit });
}
