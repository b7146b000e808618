import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client.js';
import { saveBlob } from '../../../lib/save-blob.js';

/** What the server names the archive, else a name of the same shape. */
function archiveName(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `chatbox-export-${new Date().toISOString().slice(0, 10)}.tar.gz`;
}

/**
 * GET /api/user/export: the archive of everything the user has, read as it streams so the bytes so
 * far can be shown (the server cannot know the size ahead), then saved as a download.
 */
export async function downloadExportAll(onProgress: (bytes: number) => void): Promise<{ fileName: string; bytes: number }> {
  const response = await apiResponse('/api/user/export', { headers: { Accept: 'application/gzip' } });
  const fileName = archiveName(response);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks.push(next.value);
      bytes += next.value.length;
      onProgress(bytes);
    }
  }
  saveBlob(new Blob(chunks, { type: 'application/gzip' }), fileName);
  return { fileName, bytes };
}

export function useExportAll() {
  return useMutation({ mutationFn: downloadExportAll });
}
