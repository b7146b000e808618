import { z } from 'zod';

/** How chatbox talks to an MCP server. `websocket` is read (LibreChat has it) but not served: see ignored-settings. */
export const mcpTransports = ['stdio', 'sse', 'streamable-http', 'websocket'] as const;
export type McpTransport = (typeof mcpTransports)[number];

/** chatbox's defaults when a server sets none: a call may take 30 s (as any tool call), connecting 10 s. */
export const DEFAULT_MCP_TIMEOUT_MS = 30_000;
export const DEFAULT_MCP_INIT_TIMEOUT_MS = 10_000;

const millisecondsSchema = z.number().int().positive();
const stringMapSchema = z.record(z.string(), z.string());

/**
 * One `mcpServers` entry as LibreChat (config 1.2+) writes it. `type` may be left out, as LibreChat
 * allows: `command` means stdio, a `ws(s)://` url websocket, any other url SSE; streamable HTTP must
 * be named (`streamable-http`, or its alias `http`). `${VAR}` in `env`, `headers` and `url` are
 * resolved when connecting (core/tools/mcp), whole values already by the loader.
 */
const mcpServerInputSchema = z.strictObject({
  type: z.enum(['stdio', 'sse', 'streamable-http', 'http', 'websocket']).optional(),
  command: z.string().min(1).optional(),
  args: z.array(z.string()).default([]),
  env: stringMapSchema.default({}),
  url: z.string().min(1).optional(),
  headers: stringMapSchema.default({}),
  /** Milliseconds one tool call may take. */
  timeout: millisecondsSchema.default(DEFAULT_MCP_TIMEOUT_MS),
  /** Milliseconds connecting (spawn or handshake, then listing tools) may take. */
  initTimeout: millisecondsSchema.default(DEFAULT_MCP_INIT_TIMEOUT_MS),
  /** An icon for the server's tools: an http(s) URL, a path chatbox serves (/assets/…) or an image file on the server. */
  iconPath: z.string().min(1).optional(),
  /** chatbox's: every call of the server's tools (true) or of these tools (their names on the server) waits for the user's approval. */
  requiresApproval: z.union([z.boolean(), z.array(z.string().min(1)).min(1, 'true, or the names of the tools (as the server names them) whose calls need approval')]).optional(),
});

interface McpServerCommon {
  timeout: number;
  initTimeout: number;
  iconPath?: string;
  /** Whose calls wait for the user: every tool of the server (true), or the tools named (as the server names them). */
  requiresApproval?: true | string[];
}

/** An MCP server as chatbox uses it: the transport decided, only its own fields kept. */
export type McpServerConfig =
  | (McpServerCommon & { type: 'stdio'; command: string; args: string[]; env: Record<string, string> })
  | (McpServerCommon & { type: 'sse' | 'streamable-http' | 'websocket'; url: string; headers: Record<string, string> });

/** The transport of an entry, named or inferred as LibreChat infers it (also read by ignored-settings on the raw file). */
export function mcpTransportOf(server: { type?: unknown; command?: unknown; url?: unknown }): McpTransport {
  if (server.type === 'http') return 'streamable-http';
  const named = mcpTransports.find((name) => name === server.type);
  if (named) return named;
  if (server.command !== undefined) return 'stdio';
  return typeof server.url === 'string' && /^wss?:\/\//i.test(server.url) ? 'websocket' : 'sse';
}

export const mcpServerSchema = mcpServerInputSchema.transform((server, context): McpServerConfig => {
  const type = mcpTransportOf(server);
  const common: McpServerCommon = {
    timeout: server.timeout, initTimeout: server.initTimeout,
    ...(server.iconPath ? { iconPath: server.iconPath } : {}),
    ...(server.requiresApproval ? { requiresApproval: server.requiresApproval } : {}),
  };
  if (type === 'stdio') {
    if (server.command === undefined) context.addIssue({ code: 'custom', path: ['command'], message: 'the program a stdio server starts', input: undefined });
    return { ...common, type, command: server.command ?? '', args: server.args, env: server.env };
  }
  if (server.url === undefined) context.addIssue({ code: 'custom', path: ['url'], message: `the address of a ${type} server`, input: undefined });
  return { ...common, type, url: server.url ?? '', headers: server.headers };
});

/**
 * `mcpServers`: the MCP servers whose tools chatbox offers as `<tool>_mcp_<server>`, by server name.
 * These are the operator's: a stdio server is a program the server starts, and a URL may be on
 * loopback or a private network (no SSRF guard: no user or model chooses it).
 */
export const mcpServersSchema = z.record(z.string().min(1), mcpServerSchema);

export type McpServersConfig = z.output<typeof mcpServersSchema>;
