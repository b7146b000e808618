import { createGuardedFetch } from '../../core/net/guarded-fetch.js';
import type { PluginDefinition, Tool, ToolContext } from '../../core/plugin-api/index.js';
import { createPluginRegistry } from '../../core/plugin-host/plugin-registry.js';
import type { FakeToolService } from './fake-tool-service.js';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The context a tool gets in a turn, for calling it directly in a test: the SSRF-guarded fetch with
 * only the fake's loopback host allowed (as an operator's `ssrf.allowedHosts` would), the given
 * credentials and signal.
 */
export function toolTestContext(fake: FakeToolService, credentials: Record<string, string>, signal = new AbortController().signal): ToolContext {
  return guardedToolContext([fake.host], credentials, signal);
}

/** A tool's context whose guarded fetch allows these `host:port` entries. */
export function guardedToolContext(allowedHosts: string[], credentials: Record<string, string> = {}, signal = new AbortController().signal): ToolContext {
  return { signal, userId: 'user-1', credentials, fetch: createGuardedFetch(allowedHosts), log: quiet };
}

/** Sets a tool plugin up as the server does (through the registry, its settings read from `environment`). */
export function setUpTool(plugin: PluginDefinition<'tool'>, environment: Record<string, string> = {}): Promise<Tool> {
  return createPluginRegistry([plugin]).setup('tool', plugin.name, environment, quiet);
}

/** The messages of a tool plugin's settings problems for `environment`, none when it is valid. */
export function settingsProblems(plugin: PluginDefinition<'tool'>, environment: Record<string, string>): string[] {
  const parsed = plugin.configSchema.safeParse(environment);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}
