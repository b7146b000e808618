import type { FastifyInstance } from 'fastify';
import type { PluginLogger, Tool } from '../plugin-api/index.js';
import { toPluginLogger } from '../plugin-host/plugin-logger.js';

/** The tools a turn may offer, by LibreChat plugin key (the `tool` plugin's name). */
export interface ToolCatalogue {
  /** Every tool that is set up, by key. */
  readonly keys: string[];
  /**
   * The tools of a conversation's `tools` field, in order and once each. A key no tool plugin
   * answers to (a LibreChat plugin chatbox does not have, a typo) is left out with a log line.
   */
  resolve(keys: readonly string[] | null | undefined, log: { warn(fields: object, message: string): void }): ResolvedTool[];
}

/** Tools that come and go while the server runs (an MCP server's, once it has answered), read on every turn. */
export interface DynamicToolSource {
  /** The tools available now, by key. */
  tools(): ReadonlyMap<string, ResolvedTool>;
}

/** A tool ready for a turn, with the logger its calls write to. */
export interface ResolvedTool {
  key: string;
  tool: Tool;
  log: PluginLogger;
}

/**
 * Sets up every registered `tool` plugin at start, so a tool that cannot be set up stops the server
 * rather than a turn. Like cloud file storages, each gets the environment as it was at boot, from
 * which its settings schema reads its own operator variables (a service's base URL, DALLE3_BASEURL,
 * Azure AI Search's query options); credentials are not settings: they come per call
 * (ToolContext.credentials).
 */
export async function createToolCatalogue(app: FastifyInstance, sources: readonly DynamicToolSource[] = []): Promise<ToolCatalogue> {
  const tools = new Map<string, ResolvedTool>();
  for (const definition of app.plugins.list('tool')) {
    const log = toPluginLogger(app.log.child({ tool: definition.name }));
    tools.set(definition.name, { key: definition.name, tool: await app.plugins.setup('tool', definition.name, app.config.rawEnv, log), log });
  }
  // A plugin's key wins over a dynamic tool of the same name: the plugin was set up at start.
  const lookup = (key: string) => tools.get(key) ?? sources.map((source) => source.tools().get(key)).find((found) => found !== undefined);
  return {
    get keys() {
      return [...new Set([...tools.keys(), ...sources.flatMap((source) => [...source.tools().keys()])])];
    },
    resolve(keys, log) {
      const resolved: ResolvedTool[] = [];
      for (const key of new Set(keys ?? [])) {
        const found = lookup(key);
        if (found) resolved.push(found);
        else log.warn({ tool: key }, `the conversation asks for the tool "${key}", which this server does not have: left out`);
      }
      return resolved;
    },
  };
}
