import type { PresetDto } from '@protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { presetsQueryKey } from '../../../lib/query-keys.js';

export const getPresets = () => apiClient.get<PresetDto[]>('/api/presets');

export const getPresetsQueryOptions = () => queryOptions({ queryKey: presetsQueryKey, queryFn: getPresets, staleTime: 60_000 });

export function usePresetsQuery() {
  return useQuery(getPresetsQueryOptions());
}
