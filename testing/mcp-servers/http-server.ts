import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** A real MCP server over HTTP (the official SDK) on loopback, and what it saw. */
export interface TestMcpHttpServer {
  /** The streamable-HTTP endpoint: http://127.0.0.1:<port>/mcp. */
  url: string;
  /** The same tools over the older SSE transport (GET /sse, POST /messages), which LibreChat files still use. */
  sseUrl: string;
  port: number;
  /** The headers of every HTTP request, in order. */
  requestHeaders: IncomingHttpHeaders[];
  /** Each `slow` call the client cancelled, by its `label`. */
  cancelled: string[];
  /** Adds a tool `name` (doubling its input `n`) to every session, which announces the change to its client. */
  addTool(name: string, description: string): void;
  /** Resolves when a `slow` call with this label has started. */
  started(label: string): Promise<void>;
  close(): Promise<void>;
}

function buildMcpServer(seen: { cancelled: string[]; onStart(label: string): void }): McpServer {
  const server = new McpServer({ name: 'chatbox-test-http', version: '1.0.0' });
  server.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  server.registerTool('slow', { description: 'Answers after ms milliseconds unless cancelled', inputSchema: { ms: z.number(), label: z.string() } }, ({ ms, label }, extra) => {
    seen.onStart(label);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ content: [{ type: 'text', text: `waited ${ms} ms` }] }), ms);
      extra.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        seen.cancelled.push(label);
      }, { once: true });
    });
  });
  return server;
}

/**
 * Starts the server on `port` (0: any free one). Stateful, one MCP session per client, as a
 * deployed server runs, so a client's cancellation reaches the call it names.
 */
export async function startTestMcpHttpServer(port = 0): Promise<TestMcpHttpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const sseSessions = new Map<string, SSEServerTransport>();
  const servers: McpServer[] = [];
  const requestHeaders: IncomingHttpHeaders[] = [];
  const cancelled: string[] = [];
  const waiters = new Map<string, () => void>();
  const startedLabels = new Set<string>();
  const onStart = (label: string) => {
    startedLabels.add(label);
    waiters.get(label)?.();
  };

  const http: Server = createServer((request, response) => {
    requestHeaders.push(request.headers);
    const path = new URL(request.url ?? '/', 'http://localhost');
    if (path.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', response);
      sseSessions.set(transport.sessionId, transport);
      const server = buildMcpServer({ cancelled, onStart });
      servers.push(server);
      void server.connect(transport);
      return;
    }
    if (path.pathname === '/messages') {
      const transport = sseSessions.get(path.searchParams.get('sessionId') ?? '');
      if (transport) void transport.handlePostMessage(request, response);
      else response.writeHead(404).end('unknown session');
      return;
    }
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing) {
      void existing.handleRequest(request, response);
      return;
    }
    if (sessionId !== undefined) {
      response.writeHead(404).end('unknown session');
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    const server = buildMcpServer({ cancelled, onStart });
    servers.push(server);
    void server
      .connect(transport)
      .then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const { port: bound } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    sseUrl: `http://127.0.0.1:${bound}/sse`,
    port: bound,
    requestHeaders,
    cancelled,
    addTool(name, description) {
      for (const server of servers) {
        server.registerTool(name, { description, inputSchema: { n: z.number() } }, async ({ n }) => ({ content: [{ type: 'text', text: String(n * 2) }] }));
      }
    },
    started: (label) => (startedLabels.has(label) ? Promise.resolve() : new Promise((resolve) => waiters.set(label, resolve))),
    async close() {
      await Promise.all([...sessions.values(), ...sseSessions.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
