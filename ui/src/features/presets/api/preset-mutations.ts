import type { DeletePresetsResponse, PresetDto, PresetRequest } from '@protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { presetsQueryKey } from '../../../lib/query-keys.js';

export const savePreset = (preset: PresetRequest) => apiClient.post<PresetDto>('/api/presets', preset);
export const importPresets = (presets: unknown) => apiClient.post<PresetDto[]>('/api/presets/import', presets);
export const setDefaultPreset = (presetId: string | null) => apiClient.post<PresetDto[]>('/api/presets/default', { presetId });
export const deletePresets = (body: { presetId: string } | { all: true }) => apiClient.post<DeletePresetsResponse>('/api/presets/delete', body);

function usePresetMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, answersList = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      // POST /api/presets/default answers the whole list: no refetch needed.
      if (answersList && Array.isArray(data)) queryClient.setQueryData(presetsQueryKey, data);
      else return queryClient.invalidateQueries({ queryKey: presetsQueryKey });
    },
  });
}

/** POST /api/presets: creates, or updates when presetId is given. */
export const useSavePreset = () => usePresetMutation(savePreset);
/** POST /api/presets/import: one preset or an array. */
export const useImportPresets = () => usePresetMutation(importPresets);
/** POST /api/presets/default: `null` unsets; the server unsets the previous default. */
export const useSetDefaultPreset = () => usePresetMutation(setDefaultPreset, true);
/** POST /api/presets/delete: one preset, or `{all: true}`. */
export const useDeletePresets = () => usePresetMutation(deletePresets);
