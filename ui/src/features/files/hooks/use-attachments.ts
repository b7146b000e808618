import type { FileDto, MessageFileDto } from '@protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { deleteFiles, uploadFile, useFileConfigQuery } from '../api/files-api.js';
import { checkFiles } from '../utils/check-files.js';
import { limitsFor } from '../utils/file-limits.js';
import { readImageSize } from '../utils/read-image-size.js';
import { useFilesToDelete } from './use-files-to-delete.js';
import { useUploadNotices } from './use-upload-notices.js';

/** A file of the composer: uploading while progress < 1. */
export interface AttachedFile {
  /** The client's id (the upload's `file_id`, answered back as `temp_file_id`). */
  id: string;
  /** The server's id once uploaded. */
  fileId: string | null;
  filename: string;
  type: string;
  bytes: number;
  filepath?: string;
  width?: number;
  height?: number;
  progress: number;
  /** An object URL of an image, for its thumbnail. */
  preview?: string;
  /** Attached from the user's stored files: removing it or leaving the chat never deletes it. */
  stored?: boolean;
}

/** Spec 001 §4/§9: progress steps and the pause before a finished upload counts as done. */
export const PROGRESS_ADDED = 0.2;
export const PROGRESS_MEASURED = 0.6;
export const PROGRESS_UPLOADED = 0.9;
export const COMPLETION_DELAY = 300;

const isImage = (type: string) => type.startsWith('image/');

/**
 * The composer's files for one endpoint key: checked, measured, uploaded with LibreChat's progress
 * steps; removed ones and those left behind by a new conversation are deleted on the server.
 */
export function useAttachments(endpointKey: string) {
  const localize = useLocalize();
  const fileConfig = useFileConfigQuery();
  const [files, setFiles] = useState<AttachedFile[]>([]);
  const current = useRef(files);
  current.current = files;
  const notices = useUploadNotices();
  useFilesToDelete(files.flatMap((file) => (file.fileId && !file.stored ? [file.fileId] : [])));

  const update = useCallback((id: string, change: Partial<AttachedFile>) => {
    setFiles((list) => list.map((file) => (file.id === id ? { ...file, ...change } : file)));
  }, []);
  const drop = useCallback((id: string) => {
    setFiles((list) => {
      const gone = list.find((file) => file.id === id);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return list.filter((file) => file.id !== id);
    });
  }, []);

  const upload = useCallback(
    async (file: File, entry: AttachedFile) => {
      let size: { width: number; height: number } | null = null;
      if (entry.preview) {
        size = await readImageSize(entry.preview);
        update(entry.id, { progress: PROGRESS_MEASURED, ...(size ?? {}) });
      }
      const stopNotice = notices.watchSlowUpload(entry.filename);
      try {
        const stored = await uploadFile({ file, temporaryId: entry.id, endpoint: endpointKey, width: size?.width, height: size?.height });
        if (!current.current.some((item) => item.id === entry.id)) {
          // Removed while it uploaded: the server copy has no chip left to delete it from.
          void deleteFiles([stored.file_id]).catch(() => undefined);
          return;
        }
        update(entry.id, { fileId: stored.file_id, filepath: stored.filepath, type: stored.type, width: stored.width, height: stored.height, progress: PROGRESS_UPLOADED });
        setTimeout(() => update(entry.id, { progress: 1 }), COMPLETION_DELAY);
      } catch (error) {
        drop(entry.id);
        notices.reportError(isApiError(error) && error.message ? error.message : localize('com_ui_upload_file_error'));
      } finally {
        stopNotice();
      }
    },
    [endpointKey, update, drop, notices, localize],
  );

  const add = useCallback(
    (incoming: File[]) => {
      if (incoming.length === 0) return;
      const limits = limitsFor(fileConfig.data ?? undefined, endpointKey);
      const { accepted, problems } = checkFiles(incoming, current.current, limits);
      for (const problem of problems) notices.reportError(localize(problem.key, problem.value ?? ''));
      const entries = accepted.map(({ file, type }) => ({
        file,
        entry: {
          id: crypto.randomUUID(),
          fileId: null,
          filename: file.name,
          type,
          bytes: file.size,
          progress: PROGRESS_ADDED,
          preview: isImage(type) ? URL.createObjectURL(file) : undefined,
        } satisfies AttachedFile,
      }));
      if (entries.length === 0) return;
      setFiles((list) => [...list, ...entries.map(({ entry }) => entry)]);
      for (const { file, entry } of entries) void upload(file, entry);
    },
    [fileConfig.data, endpointKey, notices, localize, upload],
  );

  const attachStored = useCallback(
    (stored: FileDto) => {
      const limits = limitsFor(fileConfig.data ?? undefined, endpointKey);
      const incoming = { name: stored.filename, size: stored.bytes, type: stored.type };
      const { accepted, problems } = checkFiles([incoming], current.current, limits);
      for (const problem of problems) notices.reportError(localize(problem.key, problem.value ?? ''));
      if (accepted.length === 0) return;
      const { file_id, filename, type, bytes, filepath, width, height } = stored;
      setFiles((list) => [...list, { id: file_id, fileId: file_id, filename, type, bytes, filepath, width, height, progress: 1, stored: true }]);
    },
    [fileConfig.data, endpointKey, notices, localize],
  );

  const remove = useCallback(
    (id: string) => {
      const file = current.current.find((item) => item.id === id);
      drop(id);
      if (file?.fileId && !file.stored) void deleteFiles([file.fileId]).catch(() => undefined);
    },
    [drop],
  );

  /** Clears the composer; `discard` also deletes the uploads (a new conversation leaves them unsent). */
  const clear = useCallback((discard: boolean) => {
    const list = current.current;
    for (const file of list) if (file.preview) URL.revokeObjectURL(file.preview);
    setFiles([]);
    const uploaded = list.flatMap((file) => (file.fileId && !file.stored ? [file.fileId] : []));
    if (discard && uploaded.length > 0) void deleteFiles(uploaded).catch(() => undefined);
  }, []);

  const messageFiles = useCallback(
    (): MessageFileDto[] =>
      current.current.flatMap((file) =>
        file.fileId ? [{ file_id: file.fileId, filepath: file.filepath, type: file.type, filename: file.filename, width: file.width, height: file.height }] : [],
      ),
    [],
  );

  // Chips' object URLs go with the screen.
  useEffect(() => () => current.current.forEach((file) => file.preview && URL.revokeObjectURL(file.preview)), []);

  const isUploading = files.some((file) => file.fileId === null);
  return { files, add, attachStored, remove, clear, messageFiles, isUploading };
}
