import type { UserDto } from '@protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client.js';
import { userQueryKey } from '../query-keys.js';

export function getUser(): Promise<UserDto> {
  return apiClient.get<UserDto>('/api/user');
}

export const getUserQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: getUser,
    enabled,
    // The api-client already refreshed and retried once; another attempt would only delay the redirect.
    retry: false,
  });
