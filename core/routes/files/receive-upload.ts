import { randomUUID } from 'node:crypto';
import { Readable, pipeline } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ChatboxError, NotFoundError, ValidationError } from '../../errors/index.js';
import { ASSISTANT_FILES_MAX } from '../../protocol/assistants.js';
import type { Assistant } from '../../store/repositories/assistants.js';
import {
  UploadLimitStream,
  UploadRejectedError,
  byteLimitsForUpload,
  decideFileType,
  decodeClientFileName,
  extensionOf,
  formatMegabytes,
  isMimeTypeSupported,
  limitsForEndpoint,
  sanitizeFileName,
  readHead,
  visionImageTypes,
  type FileLimits,
  type FileType,
  type ImageOutputType,
} from '../../files/index.js';
import type { StoredFile } from '../../store/repositories/files.js';
import type { Store } from '../../store/types.js';
import type { FileStorages } from '../../plugin-host/file-storages.js';
import { resizedImageName, storeResizedImage } from './store-resized-image.js';
import { parseUploadFields } from './upload-fields.js';

export interface UploadContext {
  storages: FileStorages;
  limits: FileLimits;
  store: Store;
  log: FastifyBaseLogger;
  /** librechat.yaml `imageOutputType`: what uploaded images are converted to. */
  imageOutputType: ImageOutputType;
}

/** `file`: POST /api/files (any accepted type, stored as sent); `image`: POST /api/files/images (images only, resized). */
export type UploadKind = 'file' | 'image';

/** A stored upload; `assistant` when it is to become that assistant's knowledge file (the caller attaches it once indexed). */
export interface ReceivedUpload {
  record: StoredFile;
  temporaryFileId: string;
  assistant?: Assistant;
}

/** The caller's own assistant with room for one more file; another user's is as unknown as a missing one. */
async function knowledgeTarget(context: UploadContext, userId: string, assistantId: string): Promise<Assistant> {
  const assistant = await context.store.assistants.find(userId, assistantId);
  if (!assistant) throw new NotFoundError(`Assistant not found: ${assistantId}`);
  if (assistant.file_ids.length >= ASSISTANT_FILES_MAX) throw new ValidationError(`an assistant has at most ${ASSISTANT_FILES_MAX} files`);
  return assistant;
}

/** A file written to storage whose record is not stored yet. */
export interface SavedPart {
  fileId: string;
  fileName: string;
  type: FileType;
  path: string;
  bytes: number;
  /** Set for images: the sides of what was stored. */
  width?: number;
  height?: number;
}

/**
 * Reads one multipart upload: text fields and the `file` part, which streams (type sniffed from its
 * first bytes, counted against the limits as it passes) straight into `fileStrategy`'s storage.
 * A rejected or failed upload leaves no file behind. LibreChat's client sends `endpoint` after the
 * file, so when the endpoint is not known yet the stream is held to the loosest endpoint's limits
 * and the named endpoint's limits are checked once the form is read.
 */
export async function receiveUpload(request: FastifyRequest, context: UploadContext, kind: UploadKind = 'file'): Promise<ReceivedUpload> {
  const current = context.storages.current;
  if (!current) throw new ChatboxError('file_storage_unavailable');
  const userId = request.user!.id;
  const userStorageUsed = context.limits.userStorageLimit === null ? 0 : sumBytes(await context.store.files.list(userId));
  const fields = new Map<string, string>();
  let saved: SavedPart | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'file' || saved) throw new ValidationError('Send exactly one file, in the part named "file"');
      const endpoint = fields.get('endpoint');
      const rules = endpoint ? limitsForEndpoint(context.limits, endpoint) : loosestRules(context.limits);
      const byteLimits = byteLimitsForUpload(context.limits, endpoint ?? 'default', { bytesEarlierInRequest: 0, userStorageUsed });
      const limiter = new UploadLimitStream(endpoint ? byteLimits : { ...byteLimits, fileSizeLimit: rules.fileSizeLimit, totalSizeLimit: rules.totalSizeLimit });
      saved = await savePart(part, { userId, storages: context.storages, supportedMimeTypes: rules.supportedMimeTypes, limiter, imagesOnly: kind === 'image' });
    }
    if (!saved) throw new ValidationError('No file provided');
    const fieldsRead = parseUploadFields(fields);
    checkEndpointLimits(context.limits, fieldsRead.endpoint, saved);
    // Images picked in the Knowledge panel stay the user's own, as in LibreChat (they go through /images).
    const assistant = fieldsRead.knowledgeOf === null || kind === 'image' ? null : await knowledgeTarget(context, userId, fieldsRead.knowledgeOf);
    if (kind === 'image') {
      requireImageSides(fieldsRead);
      const original: SavedPart = saved;
      const resized = await storeResizedImage(current.storage, original, { userId, outputType: context.imageOutputType });
      saved = resized;
      // An upload already in the output type was replaced in place by its resized version. Names, not
      // paths, tell: a cloud storage's path (Firebase's download URL) changes with every save of an object.
      if (storedFileName(original.fileId, original.fileName) !== resizedImageName(original.fileId, context.imageOutputType)) await current.storage.delete(original.path);
    }
    const record = await context.store.files.upsert({
      file_id: saved.fileId,
      user: userId,
      filename: saved.fileName,
      filepath: saved.path,
      type: saved.type.type,
      bytes: saved.bytes,
      source: current.source,
      // LibreChat's context for a file of an assistant.
      context: assistant ? 'assistants' : 'message_attachment',
      embedded: false,
      width: saved.width ?? fieldsRead.width,
      height: saved.height ?? fieldsRead.height,
      conversationId: null,
      temp_file_id: fieldsRead.temporaryFileId,
    });
    return { record, temporaryFileId: fieldsRead.temporaryFileId, ...(assistant ? { assistant } : {}) };
  } catch (error) {
    if (saved) await current.storage.delete(saved.path).catch((cleanupError: unknown) => context.log.error({ err: cleanupError, path: saved?.path }, 'could not delete a rejected upload'));
    throw error;
  }
}

async function savePart(
  part: MultipartFile,
  options: { userId: string; storages: FileStorages; supportedMimeTypes: readonly RegExp[]; limiter: UploadLimitStream; imagesOnly: boolean },
): Promise<SavedPart> {
  const storage = options.storages.current!.storage;
  const fileName = sanitizeFileName(decodeClientFileName(part.filename ?? ''));
  const chunks = part.file[Symbol.asyncIterator]();
  const head = await readHead(chunks);
  const type = decideFileType({ declaredType: part.mimetype, fileName, head: Buffer.concat(head.chunks), wholeFile: head.done, supportedMimeTypes: options.supportedMimeTypes });
  // Refused from its first bytes: nothing of a non-image is written by the images route.
  if (options.imagesOnly && (type.kind !== 'image' || !visionImageTypes.has(type.type))) throw new UploadRejectedError('unsupported_file_type', { type: type.type });
  const fileId = randomUUID();
  async function* wholeFile(): AsyncGenerator<Buffer> {
    yield* head.chunks;
    if (head.done) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  // The callback form hands back the limiter as the body; any failure (a limit, the client leaving) destroys it, failing the save.
  const body = pipeline(Readable.from(wholeFile()), options.limiter, () => {});
  const stored = await storage.save({ userId: options.userId, fileName: storedFileName(fileId, fileName), mediaType: type.type, body });
  return { fileId, fileName, type, path: stored.path, bytes: stored.bytes };
}

/** The limits an upload streams under before its endpoint is known: the largest of any endpoint, every endpoint's types. */
function loosestRules(limits: FileLimits): { fileSizeLimit: number; totalSizeLimit: number; supportedMimeTypes: RegExp[] } {
  const endpoints = Object.values(limits.endpoints);
  return {
    fileSizeLimit: Math.min(limits.serverFileSizeLimit, Math.max(...endpoints.map((endpoint) => endpoint.fileSizeLimit))),
    totalSizeLimit: Math.max(...endpoints.map((endpoint) => endpoint.totalSizeLimit)),
    supportedMimeTypes: endpoints.flatMap((endpoint) => [...endpoint.supportedMimeTypes]),
  };
}

/** The named endpoint's size and type rules, for a file that streamed before the endpoint was known. */
function checkEndpointLimits(limits: FileLimits, endpoint: string, saved: SavedPart): void {
  const byteLimits = byteLimitsForUpload(limits, endpoint, { bytesEarlierInRequest: 0, userStorageUsed: 0 });
  if (saved.bytes > byteLimits.fileSizeLimit) throw new UploadRejectedError('file_too_large', { limit: formatMegabytes(byteLimits.fileSizeLimit) });
  if (saved.bytes > byteLimits.totalSizeLimit) throw new UploadRejectedError('upload_total_too_large', { limit: formatMegabytes(byteLimits.totalSizeLimit) });
  if (!isMimeTypeSupported(saved.type.type, limitsForEndpoint(limits, endpoint).supportedMimeTypes)) {
    throw new UploadRejectedError('unsupported_file_type', { type: saved.type.type });
  }
}

/** LibreChat's images route requires the sides the browser measured (wave2 notes §1.4). */
function requireImageSides(fields: { width: number | null; height: number | null }): void {
  if (fields.width === null) throw new ValidationError('No width provided');
  if (fields.height === null) throw new ValidationError('No height provided');
}

/** The name an upload is stored under: its file id, with the extension of the user's file name. */
function storedFileName(fileId: string, fileName: string): string {
  return `${fileId}${extensionOf(fileName)}`;
}

function sumBytes(files: StoredFile[]): number {
  return files.reduce((total, file) => total + file.bytes, 0);
}
