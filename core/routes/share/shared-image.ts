import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '../../errors/index.js';
import type { FileStorages } from '../../plugin-host/file-storages.js';
import type { Store } from '../../store/types.js';
import { shareableImageTypes } from './snapshot.js';

/**
 * GET /api/share/:shareId/images/:imageId: an image of the snapshot, streamed from its owner's
 * storage. Only images the snapshot names are reachable, by the share's own image id; the file's
 * record must still be the owner's and still an inline-safe image type. Anything else is a 404.
 */
export async function sendSharedImage(
  reply: FastifyReply,
  { shareId, imageId }: { shareId: string; imageId: string },
  context: { store: Store; storages: FileStorages },
): Promise<FastifyReply> {
  const share = await context.store.shares.find(shareId);
  const image = share?.messages.flatMap((message) => message.images).find((candidate) => candidate.imageId === imageId);
  if (!share || !image) throw new NotFoundError('Image not found');
  // Deleted by its owner since: the share does not keep a copy.
  const record = await context.store.files.find(share.userId, image.fileId);
  if (!record || !shareableImageTypes.has(record.type)) throw new NotFoundError('Image not found');
  const storage = await context.storages.forSource(record.source);
  const body = storage ? await storage.readStream(record.filepath, {}).catch(() => null) : null;
  if (!body) throw new NotFoundError('Image not found');
  return reply
    .header('Content-Type', record.type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-cache')
    .send(body instanceof Readable ? body : Readable.from(body));
}
