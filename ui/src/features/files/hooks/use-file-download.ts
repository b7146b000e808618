import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getUserQueryOptions } from '../../../lib/auth/get-user.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { fileBytesQueryKey } from '../../../lib/query-keys.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { useToast } from '../../../lib/toast/index.js';
import { fetchFileBytes } from '../api/files-api.js';

/** The signed-in user's id: the download route names it (and answers 403 for anyone else's). */
function useUserId(): string | undefined {
  return useQuery(getUserQueryOptions(true)).data?.id;
}

/** Saves one of the user's files under its name; a toast when it is gone. */
export function useFileDownload() {
  const userId = useUserId();
  const localize = useLocalize();
  const { showToast } = useToast();
  return useCallback(
    async (fileId: string, filename: string) => {
      try {
        if (!userId) throw new Error('not signed in');
        saveBlob(await fetchFileBytes(userId, fileId), filename);
      } catch {
        showToast({ message: localize('com_ui_download_error'), severity: 'error' });
      }
    },
    [userId, localize, showToast],
  );
}

/**
 * An object URL of an image file for an <img>: images are the owner's only, so they come through
 * the authenticated download route rather than a public path.
 */
export function useFileImageUrl(fileId: string): string | undefined {
  const userId = useUserId();
  return useQuery({
    queryKey: fileBytesQueryKey(fileId),
    queryFn: async () => URL.createObjectURL(await fetchFileBytes(userId!, fileId)),
    enabled: userId !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}
