import type { McpServersConfig } from '../../../config/schema/mcp-servers.js';
import type { PluginLogger } from '../../plugin-api/index.js';
import type { DynamicToolSource, ResolvedTool } from '../tool-catalogue.js';
import { createMcpConnection, type McpConnection, type ReconnectPolicy } from './mcp-connection.js';
import { mcpToolKey } from './mcp-tool-name.js';

/** The configured MCP servers: their tools for the catalogue, each server's state, and shutdown. */
export interface McpServers extends DynamicToolSource {
  readonly connections: readonly McpConnection[];
  /** Ends every connection; stdio servers' processes are ended. */
  close(): Promise<void>;
}

export interface McpServersOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** A logger per server (`{ mcpServer: name }`), which its tools' calls write to as well. */
  logFor(server: string): PluginLogger;
  reconnect?: ReconnectPolicy;
}

/** Which of a server's tool keys wait for approval: all (`true`), those named (by their names on the server), or none. */
function approvalRule(server: string, marked: true | string[] | undefined): (key: string) => boolean {
  if (marked === undefined) return () => false;
  if (marked === true) return () => true;
  const keys = new Set(marked.map((tool) => mcpToolKey(tool, server)));
  return (key) => keys.has(key);
}

/**
 * Starts connecting to every server in the background and returns at once: the server starts and
 * answers turns whatever the MCP servers do. A tool name two servers both produce goes to the
 * first server in the file (logged).
 */
export function startMcpServers(config: McpServersConfig, options: McpServersOptions): McpServers {
  const connections = Object.entries(config).map(([name, server]) => ({
    log: options.logFor(name),
    connection: createMcpConnection(name, server, { env: options.env, log: options.logFor(name), reconnect: options.reconnect }),
    needsApproval: approvalRule(name, server.requiresApproval),
  }));
  for (const { connection } of connections) connection.start();
  const reportedClashes = new Set<string>();
  return {
    connections: connections.map(({ connection }) => connection),
    tools() {
      const all = new Map<string, ResolvedTool>();
      for (const { connection, log, needsApproval } of connections) {
        for (const [key, tool] of connection.tools()) {
          // The operator configured the server: its tools need nothing from the user.
          if (!all.has(key)) all.set(key, { key, tool, log, authenticated: true, ...(needsApproval(key) ? { requiresApproval: true } : {}) });
          else if (!reportedClashes.has(key)) {
            reportedClashes.add(key);
            log.warn(`the tool ${key} of MCP server "${connection.name}" has the name of another server's tool and is left out`);
          }
        }
      }
      return all;
    },
    async close() {
      await Promise.all(connections.map(({ connection }) => connection.close()));
    },
  };
}
