import type { ImportConversationsResponse } from '@protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshConversationList } from '../../../lib/conversation-cache.js';
import { filesQueryKey, presetsQueryKey } from '../../../lib/query-keys.js';
import { uploadWithProgress } from '../../../lib/upload-with-progress.js';

interface ImportInput {
  file: File;
  /** 0 to 1: the server reads the file as it imports, so what it has taken is how far the import is. */
  onProgress: (fraction: number) => void;
}

/** POST /api/convos/import: the export as the multipart part `file`. */
export function importConversations({ file, onProgress }: ImportInput): Promise<ImportConversationsResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<ImportConversationsResponse>('/api/convos/import', form, onProgress);
}

export function useImportConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importConversations,
    // Even a file that broke off part-way may have imported conversations before the break.
    onSettled: (result) => {
      refreshConversationList(queryClient);
      // An export-all archive also brings presets and files.
      if (result?.files) {
        void queryClient.invalidateQueries({ queryKey: presetsQueryKey });
        void queryClient.invalidateQueries({ queryKey: filesQueryKey });
      }
    },
  });
}
