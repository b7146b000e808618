import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChatboxError, NotFoundError } from '../../errors/index.js';
import { contentDisposition } from './download.js';
import type { FileStorage } from '../../plugin-api/index.js';
import type { FileStorages } from '../../plugin-host/file-storages.js';
import type { Store } from '../../store/types.js';

/** Media types by the extensions chatbox stores images under (`<fileId>.<imageOutputType>`, or as uploaded). */
const imageTypesByExtension: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * GET /uploads/:userId/:fileName and /images/:userId/:fileName: the links storages hand out (their
 * `url()`, a record's `filepath`), which LibreChat's client puts in `<img src>`: local files under
 * /uploads, s3 objects under /uploads and /images (their keys), streamed through the server. Always
 * owner-only, whatever `secureImageLinks` says: LibreChat served `/images` to anyone unless it was on.
 * Another user's folder answers 403, a missing file 404. Images are shown inline; anything else only
 * as a download, so an uploaded HTML page never runs on this origin.
 */
export async function serveUpload(
  request: FastifyRequest<{ Params: { userId: string; fileName: string } }>,
  reply: FastifyReply,
  context: { store: Store; storages: FileStorages },
  folder: 'uploads' | 'images',
): Promise<FastifyReply> {
  const { userId, fileName } = request.params;
  if (userId !== request.user!.id) throw new ChatboxError('forbidden');
  const path = `/${folder}/${userId}/${fileName}`;
  const body = await firstReadable(path, await storagesForLink(path, userId, fileName, context));
  if (!body) throw new NotFoundError('File not found');
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const imageType = imageTypesByExtension[extension];
  reply.header('Cache-Control', 'private, max-age=86400').header('X-Content-Type-Options', 'nosniff');
  if (imageType) reply.header('Content-Type', imageType);
  else reply.header('Content-Type', 'application/octet-stream').header('Content-Disposition', contentDisposition(fileName));
  return reply.send(body instanceof Readable ? body : Readable.from(body));
}

/**
 * The storages that may hold a link's file, likeliest first. A file's record names its storage (its
 * `source`; the stored name is `<file_id>.<ext>`). A link without a record, an avatar, was saved by
 * the strategy of its day: the current one, else local.
 */
export async function storagesForLink(path: string, userId: string, fileName: string, context: { store: Store; storages: FileStorages }): Promise<FileStorage[]> {
  const record = await context.store.files.find(userId, fileName.replace(/\.[^.]*$/, ''));
  const sources = record?.filepath === path ? [record.source] : [...new Set([context.storages.current?.source, 'local'])];
  const storages = await Promise.all(sources.filter((source) => source !== undefined).map((source) => context.storages.forSource(source)));
  return storages.filter((storage) => storage !== null);
}

/** The first of these storages that reads the path; they refuse names that are not one plain segment (`..`, hidden files), as missing as no file. */
async function firstReadable(path: string, storages: FileStorage[]): Promise<AsyncIterable<Uint8Array> | null> {
  for (const storage of storages) {
    const body = await storage.readStream(path).catch(() => null);
    if (body) return body;
  }
  return null;
}
