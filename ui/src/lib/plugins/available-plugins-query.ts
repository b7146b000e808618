import type { PluginDto } from '@protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.js';
import { availablePluginsQueryKey } from '../query-keys.js';

export const getAvailablePluginsQueryOptions = () =>
  queryOptions({
    queryKey: availablePluginsQueryKey,
    queryFn: () => apiClient.get<PluginDto[]>('/api/plugins'),
    // MCP servers come and go: a minute old is fresh enough for a list opened by hand.
    staleTime: 60_000,
  });

/** GET /api/plugins: every tool of the server, with its credential fields and `authenticated`. */
export function useAvailablePluginsQuery() {
  return useQuery(getAvailablePluginsQueryOptions());
}
