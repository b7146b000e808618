import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KeyExpiryResponse } from '@protocol';
import { apiClient } from '../api-client.js';
import { userKeyExpiryQueryKey } from '../query-keys.js';
import { keyNameFor } from './endpoint-meta.js';

export const getUserKeyExpiryQueryOptions = (name: string) =>
  queryOptions({
    queryKey: userKeyExpiryQueryKey(name),
    queryFn: () => apiClient.get<KeyExpiryResponse>('/api/keys', { query: { name } }),
  });

/**
 * Spec 000 §4: a user key is valid only if its expiry lies in the future. `expiresAt: null` means no
 * key is saved; a key without an expiry answers NEVER_EXPIRES_AT, which is always in the future.
 */
export function isUserKeyValid(expiry: KeyExpiryResponse | undefined, now = Date.now()): boolean {
  if (!expiry?.expiresAt) return false;
  return new Date(expiry.expiresAt).getTime() > now;
}

/**
 * Whether the user still has to provide a key for an endpoint that needs one: no key saved, or one
 * whose expiry has passed. False for endpoints with their own key. `endpoint` is the endpoint's
 * name; the key it uses is looked up under keyNameFor(endpoint).
 */
export function useUserKeyMissing(endpoint: string | null, needsKey: boolean): boolean {
  const name = endpoint ? keyNameFor(endpoint) : null;
  const query = useQuery({ ...getUserKeyExpiryQueryOptions(name ?? ''), enabled: Boolean(name) && needsKey });
  if (!name || !needsKey) return false;
  return !isUserKeyValid(query.data);
}
