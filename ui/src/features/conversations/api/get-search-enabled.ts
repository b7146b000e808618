import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { searchEnabledQueryKey } from '../../../lib/query-keys.js';

/** GET /api/search/enable answers a bare boolean. Any failure (404 on servers without search) means off. */
export const getSearchEnabled = async (): Promise<boolean> => {
  try {
    return (await apiClient.get<unknown>('/api/search/enable')) === true;
  } catch {
    return false;
  }
};

export const getSearchEnabledQueryOptions = () =>
  queryOptions({ queryKey: searchEnabledQueryKey, queryFn: getSearchEnabled, staleTime: 10 * 60_000 });

export function useSearchEnabled(): boolean {
  return useQuery(getSearchEnabledQueryOptions()).data === true;
}
