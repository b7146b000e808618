import type { FastifyInstance } from 'fastify';
import type { PluginLogger, Tool } from '../plugin-api/index.js';
import { toPluginLogger } from '../plugin-host/plugin-logger.js';
import { MCP_DELIMITER } from './mcp/mcp-tool-name.js';
import { isAuthenticatedByEnvironment, type ToolEnvironment } from './tool-credentials.js';

/**
 * LibreChat v0.7.1's manifest order (reference §4.2) for the tools chatbox has: the store lists them
 * so, a LibreChat user finds them where they were. Tools it does not know (MCP tools, tests) follow
 * in the order they were added.
 */
const manifestOrder = [
  'traversaal_search', 'google', 'wolfram', 'web-browser', 'serpapi', 'dall-e', 'dalle',
  'tavily_search_results_json', 'calculator', 'stable-diffusion', 'azure-ai-search',
];

/** Tools that come and go while the server runs (an MCP server's, once it has answered), read on every use. */
export interface DynamicToolSource {
  /** The tools available now, by key. */
  tools(): ReadonlyMap<string, ResolvedTool>;
}

/** A tool ready for a turn, with the logger its calls write to. */
export interface ResolvedTool {
  key: string;
  tool: Tool;
  log: PluginLogger;
  /** Every credential field has a value in the operator's environment (LibreChat's `authenticated`; true without fields). */
  authenticated: boolean;
  /** Each call waits for the user to allow it (librechat.yaml `tools.requiresApproval`, `mcpServers.<name>.requiresApproval`). */
  requiresApproval?: boolean;
}

/** The tools a turn may offer, by LibreChat plugin key (the `tool` plugin's name). */
export interface ToolCatalogue {
  /** Every tool that is set up, by key. */
  readonly keys: string[];
  /** Every tool, in the store's order (GET /api/plugins lists exactly these). */
  list(): ResolvedTool[];
  find(key: string): ResolvedTool | undefined;
  /**
   * The tools of a conversation's `tools` field that the user may use, in order and once each: those
   * the user installed, and those needing nothing from the user (no credential fields, or every one set
   * by the operator). A key no tool answers to (a LibreChat plugin chatbox does not have, a typo) or
   * that the user has not installed is left out with a log line.
   */
  resolve(keys: readonly string[] | null | undefined, installed: readonly string[], log: { warn(fields: object, message: string): void }): ResolvedTool[];
}

/**
 * Sets up every registered `tool` plugin at start, so a tool that cannot be set up stops the server
 * rather than a turn. Like cloud file storages, each gets the environment as it was at boot, from
 * which its settings schema reads its own operator variables (a service's base URL, DALLE3_BASEURL,
 * Azure AI Search's query options); credentials are not settings: they come per call
 * (ToolContext.credentials), from the user's plugin store entry or the environment. `authenticated`
 * is decided once, from the environment at boot. Dynamic sources (MCP servers) are read on every
 * use; a plugin's key wins over a dynamic tool of the same name.
 */
export async function createToolCatalogue(app: FastifyInstance, sources: readonly DynamicToolSource[] = [], env: ToolEnvironment = app.config.rawEnv): Promise<ToolCatalogue> {
  const approvalKeys = new Set(app.config.yaml.tools?.requiresApproval ?? []);
  const plugins = new Map<string, ResolvedTool>();
  for (const definition of app.plugins.list('tool')) {
    const log = toPluginLogger(app.log.child({ tool: definition.name }));
    const tool: Tool = await app.plugins.setup('tool', definition.name, env, log);
    plugins.set(definition.name, { key: definition.name, tool, log, authenticated: isAuthenticatedByEnvironment(tool.manifest, env) });
  }
  // MCP tools come later, so only a key that cannot be one is known to be a typo now.
  for (const key of approvalKeys) {
    if (!plugins.has(key) && !key.includes(MCP_DELIMITER)) app.log.warn({ tool: key }, `tools.requiresApproval names "${key}", which is no tool of this server`);
  }
  const all = () => {
    const tools = new Map(plugins);
    for (const source of sources) for (const [key, found] of source.tools()) if (!tools.has(key)) tools.set(key, found);
    for (const [key, found] of tools) if (approvalKeys.has(key) && !found.requiresApproval) tools.set(key, { ...found, requiresApproval: true });
    return tools;
  };
  const rank = (key: string) => {
    const index = manifestOrder.indexOf(key);
    return index === -1 ? manifestOrder.length : index;
  };
  return {
    get keys() {
      return [...all().keys()];
    },
    // Array.prototype.sort is stable: tools of equal rank keep the order they were added in.
    list: () => [...all().values()].sort((first, second) => rank(first.key) - rank(second.key)),
    find: (key) => all().get(key),
    resolve(keys, installed, log) {
      const tools = all();
      const resolved: ResolvedTool[] = [];
      for (const key of new Set(keys ?? [])) {
        const found = tools.get(key);
        if (!found) log.warn({ tool: key }, `the conversation asks for the tool "${key}", which this server does not have: left out`);
        else if (!installed.includes(key) && !found.authenticated) log.warn({ tool: key }, `the conversation asks for the tool "${key}", which the user has not installed: left out`);
        else resolved.push(found);
      }
      return resolved;
    },
  };
}
