import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { UploadRejectedError, formatMegabytes, readImageInfo, sanitizeFileName, type FileLimits } from '../files/index.js';
import { ChatboxError } from '../errors/index.js';
import type { SavedToolFile, ToolFileToSave } from '../plugin-api/index.js';
import { browserLinkedStorage, type FileStorages } from '../plugin-host/file-storages.js';
import type { Store } from '../store/types.js';

/** Keeps the files tools make (ToolContext.saveFile) as files of the user they run for. */
export type ToolFileSaver = (owner: { userId: string; conversationId?: string }, file: ToolFileToSave) => Promise<SavedToolFile>;

const extensions: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/**
 * The files tools make are held to the rules uploads are: only images whose bytes are what they
 * claim (a tool relays bytes from a remote service), serverFileSizeLimit and the user's quota. They
 * go where a browser can load them, since the reply shows them inline, with LibreChat's context
 * `image_generation`.
 */
export function createToolFileSaver(context: { store: Store; storages: FileStorages; limits: FileLimits }): ToolFileSaver {
  return async (owner, file) => {
    const target = await browserLinkedStorage(context.storages);
    if (!target) throw new ChatboxError('file_storage_unavailable');
    const bytes = file.body.byteLength;
    if (bytes > context.limits.serverFileSizeLimit) throw new UploadRejectedError('file_too_large', { limit: formatMegabytes(context.limits.serverFileSizeLimit) });
    if (context.limits.userStorageLimit !== null) {
      const used = (await context.store.files.list(owner.userId)).reduce((total, stored) => total + stored.bytes, 0);
      if (used + bytes > context.limits.userStorageLimit) {
        throw new UploadRejectedError('storage_quota_exceeded', { limit: formatMegabytes(context.limits.userStorageLimit), used: formatMegabytes(used) });
      }
    }
    const image = await readImageInfo(file.body).catch(() => {
      throw new UploadRejectedError('unsupported_file_type', { type: file.mediaType });
    });
    const fileId = randomUUID();
    const stored = await target.storage.save({ userId: owner.userId, fileName: `${fileId}.${extensions[image.type]}`, mediaType: image.type, body: Readable.from([Buffer.from(file.body)]) });
    try {
      const record = await context.store.files.upsert({
        file_id: fileId,
        user: owner.userId,
        filename: sanitizeFileName(file.name),
        filepath: stored.path,
        type: image.type,
        bytes: stored.bytes,
        source: target.source,
        context: 'image_generation',
        embedded: false,
        width: image.width,
        height: image.height,
        conversationId: owner.conversationId ?? null,
      });
      return { file_id: record.file_id, filepath: record.filepath, width: image.width, height: image.height };
    } catch (error) {
      await target.storage.delete(stored.path).catch(() => undefined);
      throw error;
    }
  };
}
