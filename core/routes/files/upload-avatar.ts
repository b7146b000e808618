import { Readable, pipeline } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ChatboxError, PackageLoadError, ValidationError } from '../../errors/index.js';
import {
  UploadLimitStream,
  UploadRejectedError,
  decideFileType,
  decodeClientFileName,
  readWhole,
  resizeAvatar,
  sniffLength,
  visionImageTypes,
} from '../../files/index.js';
import type { UploadContext } from './receive-upload.js';
import { storagesForLink } from './serve-upload.js';
import { browserLinkedStorage } from '../../plugin-host/file-storages.js';
import type { FileStorage } from '../../plugin-api/index.js';

/** The types an avatar may be sent as (spec 001: png, jpeg, gif, webp), matched against the sniffed type. */
const avatarMimeTypes: readonly RegExp[] = [...visionImageTypes].map((type) => new RegExp(`^${type.replace('/', '\\/')}$`));

/** Links of the avatars this route stores: `/uploads/<userId>/avatar-<ms>.<ext>` (local) or `/images/…` (s3, an image key). */
const ownAvatarPath = /^\/(uploads|images)\/([^/?#]+)\/(avatar-\d+\.(?:png|jpeg|webp))$/;
/** The same tail at the end of a cloud storage's link, once decoded (Firebase's download URL names the object `images%2F<userId>%2Favatar-….png`). */
const ownAvatarTail = /\/(uploads|images)\/([^/?#]+)\/(avatar-\d+\.(?:png|jpeg|webp))$/;

/** The owner and name of an avatar link this route could have stored, or null for any other link (a picture from OAuth, LibreChat's …). */
function avatarOf(link: string): { path: string; userId: string; fileName: string } | null {
  // `manual=` was added to the link; a cloud link's own query (Firebase's token) is not needed to find the object.
  const path = link.split('?')[0];
  let match = ownAvatarPath.exec(path);
  if (!match && URL.canParse(path)) {
    try {
      match = ownAvatarTail.exec(decodeURIComponent(new URL(path).pathname));
    } catch {
      // Broken %-escapes: no link of ours.
    }
  }
  return match ? { path, userId: match[2], fileName: match[3] } : null;
}

/** An avatar just stored: the request's text fields, the link that serves it, and where it lives. */
export interface StoredAvatar {
  fields: ReadonlyMap<string, string>;
  link: string;
  path: string;
  storage: FileStorage;
  /** The storage's source name (`local`, `s3` …), LibreChat's `avatar_source`. */
  source: string;
}

/**
 * Reads one avatar image from the multipart part `partName`, held to `avatarSizeLimit` (413) and to
 * png/jpeg/gif/webp by its bytes (415); crops it to a centred square, scales it to 150 px, converts
 * it to `imageOutputType` and stores it as `avatar-<epoch ms>.<ext>` in the user's folder. Shared by
 * the user's picture and the assistants' (LibreChat's two avatar routes).
 */
export async function receiveAvatar(request: FastifyRequest, context: UploadContext, partName: string): Promise<StoredAvatar> {
  const current = await browserLinkedStorage(context.storages);
  if (!current) throw new ChatboxError('file_storage_unavailable');
  const fields = new Map<string, string>();
  let image: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
      continue;
    }
    if (part.fieldname !== partName || image) throw new ValidationError(`Send exactly one image, in the part named "${partName}"`);
    // Capped by the server's limit too: multipart stops reading a file there.
    const sizeLimit = Math.min(context.limits.avatarSizeLimit, context.limits.serverFileSizeLimit);
    image = await readAvatarPart(part.file, part.mimetype, part.filename, sizeLimit);
  }
  if (!image) throw new ValidationError('No image provided');

  const avatar = await resizeAvatar(image, context.imageOutputType).catch((error: unknown) => {
    if (error instanceof PackageLoadError) throw error;
    // A valid header over a broken body: not an image after all.
    throw new UploadRejectedError('unsupported_file_type', { type: 'image' });
  });
  const stored = await current.storage.save({
    userId: request.user!.id,
    fileName: `avatar-${Date.now()}.${context.imageOutputType}`,
    mediaType: avatar.type,
    body: Readable.from([avatar.data]),
  });
  return { fields, link: await current.storage.url(stored.path), path: stored.path, storage: current.storage, source: current.source };
}

/**
 * POST /api/files/images/avatar (wave2 notes §1.6): the image in part `input`, `manual` as a field.
 * Unlike LibreChat the server holds the image to its limits and types (see receiveAvatar);
 * `manual: 'true'` makes it the user's avatar (and deletes the avatar it replaces, when that one is ours).
 */
export async function uploadAvatar(request: FastifyRequest, context: UploadContext): Promise<{ url: string }> {
  const userId = request.user!.id;
  const stored = await receiveAvatar(request, context, 'input');
  const manual = stored.fields.get('manual') === 'true';
  // A cloud link carries its own query (Firebase's `?alt=media&token=`): `manual` joins it instead of breaking the token.
  const url = `${stored.link}${stored.link.includes('?') ? '&' : '?'}manual=${manual}`;
  if (!manual) return { url };
  try {
    const previous = await context.store.users.findById(userId);
    const updated = await context.store.users.update(userId, { avatar: url });
    if (!updated) throw new ChatboxError('unauthorized');
    await deleteReplacedAvatar(previous?.avatar ?? null, userId, context);
  } catch (error) {
    await stored.storage.delete(stored.path).catch(() => {});
    throw error;
  }
  return { url };
}

/** The whole image, held to the avatar size limit as it streams, refused (415) from its first bytes when it is no raster image. */
async function readAvatarPart(file: Readable, declaredType: string, fileName: string | undefined, sizeLimit: number): Promise<Buffer> {
  const limiter = new UploadLimitStream({ fileSizeLimit: sizeLimit, totalSizeLimit: sizeLimit, bytesEarlierInRequest: 0, userStorageLimit: null, userStorageUsed: 0 });
  // The callback form hands back the limiter; a limit crossed or a client that leaves fails reading it.
  const bytes = await readWhole(pipeline(file, limiter, () => {}));
  const type = decideFileType({
    declaredType,
    fileName: decodeClientFileName(fileName ?? ''),
    head: bytes.subarray(0, sniffLength),
    wholeFile: bytes.length <= sniffLength,
    supportedMimeTypes: avatarMimeTypes,
  });
  if (type.kind !== 'image') throw new UploadRejectedError('unsupported_file_type', { type: type.type });
  return bytes;
}

/**
 * Deletes the file behind the avatar being replaced when receiveAvatar stored it in the user's own
 * folder, in whichever storage holds it: the storage itself checks the link is one of its own (its
 * `url()` refuses others, Firebase's another bucket's).
 */
export async function deleteReplacedAvatar(previous: string | null, userId: string, context: UploadContext): Promise<void> {
  const avatar = previous === null ? null : avatarOf(previous);
  if (avatar?.userId !== userId) return;
  const { path } = avatar;
  for (const storage of await storagesForLink(path, userId, avatar.fileName, context)) {
    // A storage whose url() refuses the path never hands out that form of link: nothing of its own to delete.
    if (!(await storage.url(path).then(() => true, () => false))) continue;
    await storage.delete(path).catch((error: unknown) => context.log.warn({ err: error, path, storage: storage.strategy }, 'could not delete a replaced avatar'));
  }
}
