import type { PresetDto, PresetRequest } from '@protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { presetsQueryKey } from '../../../lib/query-keys.js';

export const createPreset = (preset: PresetRequest) => apiClient.post<PresetDto>('/api/presets', preset);

/** POST /api/presets; the presets menu refetches its list. */
export function useCreatePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPreset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetsQueryKey }),
  });
}
