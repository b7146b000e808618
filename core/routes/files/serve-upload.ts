import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChatboxError, NotFoundError } from '../../errors/index.js';
import { contentDisposition } from './download.js';
import type { FileStorages } from '../../plugin-host/file-storages.js';

/** Media types by the extensions chatbox stores images under (`<fileId>.<imageOutputType>`, or as uploaded). */
const imageTypesByExtension: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * GET /uploads/:userId/:fileName: the local storage's own links (its `url()`, a record's `filepath`),
 * which LibreChat's client puts in `<img src>`. Always owner-only, whatever `secureImageLinks` says:
 * LibreChat served `/images` to anyone unless it was on. Another user's folder answers 403, a missing
 * file 404. Images are shown inline; anything else only as a download, so an uploaded HTML page never
 * runs on this origin.
 */
export async function serveUpload(
  request: FastifyRequest<{ Params: { userId: string; fileName: string } }>,
  reply: FastifyReply,
  storages: FileStorages,
): Promise<FastifyReply> {
  const { userId, fileName } = request.params;
  if (userId !== request.user!.id) throw new ChatboxError('forbidden');
  const storage = await storages.forSource('local');
  // The storage refuses names that are not one plain segment (`..`, hidden files): as missing as no file.
  const body = storage ? await storage.readStream(`/uploads/${userId}/${fileName}`).catch(() => null) : null;
  if (!body) throw new NotFoundError('File not found');
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const imageType = imageTypesByExtension[extension];
  reply.header('Cache-Control', 'private, max-age=86400').header('X-Content-Type-Options', 'nosniff');
  if (imageType) reply.header('Content-Type', imageType);
  else reply.header('Content-Type', 'application/octet-stream').header('Content-Disposition', contentDisposition(fileName));
  return reply.send(body instanceof Readable ? body : Readable.from(body));
}
