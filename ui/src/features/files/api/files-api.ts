import type { FileConfigDto, FileDto, UploadFileResponse } from '@protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { fileConfigQueryKey, filesQueryKey } from '../../../lib/query-keys.js';

/** GET /api/files: the user's files, newest first. */
export function useFilesQuery(enabled = true) {
  return useQuery({ queryKey: filesQueryKey, queryFn: () => apiClient.get<FileDto[]>('/api/files'), enabled });
}

/** GET /api/files/config: the yaml's fileConfig, or nothing (then the defaults apply). */
export function useFileConfigQuery() {
  return useQuery({
    queryKey: fileConfigQueryKey,
    queryFn: async () => (await apiClient.get<FileConfigDto | undefined>('/api/files/config')) ?? null,
    staleTime: Infinity,
  });
}

export interface UploadInput {
  file: File;
  /** The client's id for it; the server answers it back as `temp_file_id`. */
  temporaryId: string;
  /** The limit key: `openAI`, `custom`, `default` … */
  endpoint: string;
  width?: number;
  height?: number;
}

/**
 * POST /api/files, multipart as LibreChat's client sends it (the name URI-encoded); an image (one whose
 * size was read) goes to POST /api/files/images, which resizes it for the models, as LibreChat's does.
 */
export function uploadFile({ file, temporaryId, endpoint, width, height }: UploadInput): Promise<UploadFileResponse> {
  const form = new FormData();
  form.append('file_id', temporaryId);
  form.append('endpoint', endpoint);
  const isImage = width !== undefined && height !== undefined;
  if (isImage) {
    form.append('width', String(width));
    form.append('height', String(height));
  }
  form.append('file', file, encodeURIComponent(file.name));
  return apiClient.post<UploadFileResponse>(isImage ? '/api/files/images' : '/api/files', form);
}

/** DELETE /api/files: the server looks each id up for its owner and storage. */
export function deleteFiles(fileIds: readonly string[]): Promise<unknown> {
  return apiClient.delete('/api/files', { body: { files: fileIds.map((file_id) => ({ file_id })) } });
}

export function useDeleteFilesMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFiles, onSettled: () => queryClient.invalidateQueries({ queryKey: filesQueryKey }) });
}

/** GET /api/files/download/:userId/:fileId: the bytes, for the owner only. */
export function fetchFileBytes(userId: string, fileId: string): Promise<Blob> {
  return apiClient.getBlob(`/api/files/download/${encodeURIComponent(userId)}/${encodeURIComponent(fileId)}`);
}
