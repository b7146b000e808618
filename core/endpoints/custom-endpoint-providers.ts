import type { PluginDefinition } from '../plugin-api/index.js';

/**
 * The librechat.yaml `endpoints.custom[].provider` names a server with these plugins serves: `openai`
 * (the custom plugin's own client) and every provider plugin with `customEndpoint`. Config lists any
 * other name as ignored; it cannot see plugins, so the caller holding them hands it this list.
 */
export function customEndpointProviderNames(plugins: readonly PluginDefinition[]): string[] {
  return ['openai', ...plugins.filter((plugin) => plugin.kind === 'provider' && plugin.discovery?.customEndpoint).map((plugin) => plugin.name)];
}
