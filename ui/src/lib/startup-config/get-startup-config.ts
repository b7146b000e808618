import type { StartupConfig } from '@protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.js';
import { startupConfigQueryKey } from '../query-keys.js';
import { defaultStartupConfig } from './default-startup-config.js';

export async function getStartupConfig(): Promise<StartupConfig> {
  const config = await apiClient.get<Partial<StartupConfig> | undefined>('/api/config');
  // An older or partial answer keeps the defaults for what it leaves out.
  return { ...defaultStartupConfig, ...config };
}

export const getStartupConfigQueryOptions = () =>
  queryOptions({
    queryKey: startupConfigQueryKey,
    queryFn: getStartupConfig,
    staleTime: 5 * 60_000,
    // A dead config endpoint must not hold the login screen behind retries: fall back at once.
    retry: false,
  });

/** Always yields a config: the server's, or the defaults once the request has failed. */
export function useStartupConfig(): { config: StartupConfig; isLoading: boolean } {
  const query = useQuery(getStartupConfigQueryOptions());
  return { config: query.data ?? defaultStartupConfig, isLoading: query.isPending };
}
