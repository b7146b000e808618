import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { balanceQueryKey } from '../../../lib/query-keys.js';

/**
 * GET /api/balance answers a bare number (LibreChat's shape; a numeric string is tolerated), or an
 * empty body for a user with no balance record yet, which is shown as the 0 credits it amounts to.
 */
export async function getBalance(): Promise<number> {
  const balance = await apiClient.get<number | string | undefined>('/api/balance');
  const value = typeof balance === 'number' ? balance : Number.parseFloat(balance ?? '');
  return Number.isFinite(value) ? value : 0;
}

export const getBalanceQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: balanceQueryKey, queryFn: getBalance, enabled });

/** Only fetched when the server checks balances (spec 000 §6). */
export function useBalance(enabled: boolean) {
  return useQuery(getBalanceQueryOptions(enabled));
}
