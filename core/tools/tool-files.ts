import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { UploadRejectedError, formatMegabytes, readImageInfo, sanitizeFileName, type FileLimits } from '../files/index.js';
import { ChatboxError, PackageLoadError } from '../errors/index.js';
import type { SavedToolFile, ToolFileToSave } from '../plugin-api/index.js';
import { browserLinkedStorage, type FileStorages } from '../plugin-host/file-storages.js';
import type { Store } from '../store/types.js';

/** Keeps the files tools make (ToolContext.saveFile) as files of the user they run for. */
export type ToolFileSaver = (owner: { userId: string; conversationId?: string }, file: ToolFileToSave) => Promise<SavedToolFile>;

const extensions: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/**
 * A stored name's extension from the user's file name: letters and digits only, or none. Never an
 * image's: the uploads route shows files with those inline, and these bytes are no image.
 */
function safeExtension(fileName: string): string {
  const extension = /\.([a-z0-9]{1,10})$/i.exec(fileName)?.[1].toLowerCase();
  return extension && !/^(png|jpe?g|gif|webp)$/.test(extension) ? `.${extension}` : '';
}

/**
 * The files tools make are held to the rules uploads are: only images whose bytes are what they
 * claim (a tool relays bytes from a remote service), serverFileSizeLimit and the user's quota. They
 * go where a browser can load them, since the reply shows them inline, with LibreChat's context
 * `image_generation`; a code interpreter's files (`assistants_output`) may be of any type.
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
    const fileContext = file.context ?? 'image_generation';
    const image = await readImageInfo(file.body).catch((error: unknown) => {
      // sharp missing is the server's fault, not a sign the bytes are no image.
      if (error instanceof PackageLoadError) throw error;
      return null;
    });
    if (!image && fileContext === 'image_generation') throw new UploadRejectedError('unsupported_file_type', { type: file.mediaType });
    const fileId = randomUUID();
    const filename = sanitizeFileName(file.name);
    // An image's type is what its bytes are; another file keeps the type the tool read (it is served
    // as a download), except an image type its bytes do not bear out.
    const type = image?.type ?? (file.mediaType.startsWith('image/') ? 'application/octet-stream' : file.mediaType);
    const storedName = image ? `${fileId}.${extensions[image.type]}` : `${fileId}${safeExtension(filename)}`;
    const stored = await target.storage.save({ userId: owner.userId, fileName: storedName, mediaType: type, body: Readable.from([Buffer.from(file.body)]) });
    try {
      const record = await context.store.files.upsert({
        file_id: fileId,
        user: owner.userId,
        filename,
        filepath: stored.path,
        type,
        bytes: stored.bytes,
        source: target.source,
        context: fileContext,
        embedded: false,
        width: image?.width ?? null,
        height: image?.height ?? null,
        conversationId: owner.conversationId ?? null,
      });
      return { file_id: record.file_id, filepath: record.filepath, ...(image && { width: image.width, height: image.height }) };
    } catch (error) {
      await target.storage.delete(stored.path).catch(() => undefined);
      throw error;
    }
  };
}
