import type { PluginDto } from '@protocol';
import { useMemo } from 'react';
import { useAvailablePluginsQuery } from './available-plugins-query.js';

/**
 * Each tool's display name by key: the catalogue's (GET /api/plugins, every tool of the server, MCP
 * tools included, whether or not the plugins endpoint is on), over `fallback` (the plugins
 * endpoint's `plugins` map in /api/endpoints) while the catalogue loads or when it cannot be read.
 */
export function toolDisplayNames(catalogue: readonly PluginDto[] | undefined, fallback: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const names: Record<string, string> = { ...fallback };
  for (const plugin of catalogue ?? []) if (plugin.name) names[plugin.pluginKey] = plugin.name;
  return names;
}

/** toolDisplayNames with the cached catalogue; asks the server for it when nothing asked yet. */
export function useToolDisplayNames(fallback: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const { data } = useAvailablePluginsQuery();
  return useMemo(() => toolDisplayNames(data, fallback), [data, fallback]);
}
