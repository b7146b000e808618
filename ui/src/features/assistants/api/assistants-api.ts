import type { AssistantDto, AssistantListDto, FileDto, PluginDto, UploadFileResponse } from '@protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { assistantsQueryKey, filesQueryKey } from '../../../lib/query-keys.js';
import { uploadWithProgress } from '../../../lib/upload-with-progress.js';

/** GET /api/assistants/tools: the tools an assistant may be given (the tool store's list). */
export function useAssistantToolsQuery(enabled = true) {
  return useQuery({ queryKey: [...assistantsQueryKey, 'tools'], queryFn: () => apiClient.get<PluginDto[]>('/api/assistants/tools'), enabled, staleTime: 60_000 });
}

export type AssistantBody = Partial<Pick<AssistantDto, 'model' | 'name' | 'description' | 'instructions' | 'file_ids'>> & { tools?: unknown[] };

/** Create (no id) or update an assistant; the list cache takes the answer at once. */
export function useSaveAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AssistantBody }) =>
      id ? apiClient.patch<AssistantDto>(`/api/assistants/${encodeURIComponent(id)}`, body) : apiClient.post<AssistantDto>('/api/assistants', body),
    onSuccess: (saved) => putInList(queryClient, saved),
  });
}

export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, model }: { id: string; model: string }) => apiClient.delete<unknown>(`/api/assistants/${encodeURIComponent(id)}?model=${encodeURIComponent(model)}`),
    onSuccess: (_answer, { id }) => queryClient.setQueryData<AssistantListDto>(assistantsQueryKey, (list) => list && { ...list, data: list.data.filter((entry) => entry.id !== id) }),
  });
}

/** POST /api/assistants/avatar/:id: the image in part `file`; answers the assistant with `metadata.avatar`. */
export async function uploadAssistantAvatar(id: string, model: string, file: File, onProgress: (fraction: number) => void): Promise<AssistantDto> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<AssistantDto>(`/api/assistants/avatar/${encodeURIComponent(id)}?model=${encodeURIComponent(model)}`, form, onProgress);
}

/** Puts a saved assistant into the cached list: replaced in place, or first when new (the list is newest first). */
export function putInList(queryClient: ReturnType<typeof useQueryClient>, saved: AssistantDto) {
  queryClient.setQueryData<AssistantListDto>(assistantsQueryKey, (list) => {
    if (!list) return list;
    const known = list.data.some((entry) => entry.id === saved.id);
    return { ...list, data: known ? list.data.map((entry) => (entry.id === saved.id ? saved : entry)) : [saved, ...list.data] };
  });
}

/** The user's files (GET /api/files), for the knowledge list's names; the same cache entry as the files feature's. */
export function useKnowledgeFilesQuery(enabled: boolean) {
  return useQuery({ queryKey: filesQueryKey, queryFn: () => apiClient.get<FileDto[]>('/api/files'), enabled });
}

/**
 * A knowledge file: POST /api/files as LibreChat's builder sends it (`endpoint` assistants,
 * `assistant_id`), then the assistant's `file_ids` take it (the server checks it is the caller's).
 */
export async function uploadKnowledgeFile(assistant: AssistantDto, file: File): Promise<AssistantDto> {
  const form = new FormData();
  form.append('file_id', crypto.randomUUID());
  form.append('endpoint', 'assistants');
  form.append('assistant_id', assistant.id);
  form.append('model', assistant.model);
  form.append('file', file, encodeURIComponent(file.name));
  const uploaded = await apiClient.post<UploadFileResponse>('/api/files', form);
  return apiClient.patch<AssistantDto>(`/api/assistants/${encodeURIComponent(assistant.id)}`, { file_ids: [...assistant.file_ids, uploaded.file_id] });
}
