import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChatboxError, NotFoundError } from '../../errors/index.js';
import { parseByteRange } from '../../files/index.js';
import type { Store } from '../../store/types.js';
import { toFileDto } from '../../presenters/file-dto.js';
import type { FileStorages } from '../../plugin-host/file-storages.js';

/**
 * GET /api/files/download/:userId/:fileId: the owner's file, streamed from the storage it was saved
 * with. Another user's id answers 403 (LibreChat meant to; it answered 500); a file id the caller
 * does not own answers 404 like a missing one, so ids of other users' files leak nothing. A `Range`
 * header is honoured (206 with the storage reading only those bytes, 416 past the end), so an
 * interrupted download resumes.
 */
export async function downloadFile(
  request: FastifyRequest<{ Params: { userId: string; fileId: string } }>,
  reply: FastifyReply,
  context: { store: Store; storages: FileStorages },
): Promise<FastifyReply> {
  const { userId, fileId } = request.params;
  if (userId !== request.user!.id) throw new ChatboxError('forbidden');
  const record = await context.store.files.find(userId, fileId);
  if (!record) throw new NotFoundError('File not found');
  const storage = await context.storages.forSource(record.source);
  if (!storage) return reply.status(501).send({ message: `Files stored in "${record.source}" cannot be downloaded from this server`, code: 'not_implemented' });
  const range = parseByteRange(request.headers.range, record.bytes);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${record.bytes}`).send({ message: `The range is outside the file's ${record.bytes} bytes`, code: 'range_not_satisfiable' });
  }
  // A record whose bytes are gone (deleted by hand, a lost bucket) is as missing as no record.
  const body = await storage.readStream(record.filepath, range ? { range } : {}).catch(() => null);
  if (!body) throw new NotFoundError('File not found');
  if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${record.bytes}`).header('Content-Length', range.end - range.start + 1);
  return reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(record.filename))
    .header('X-File-Metadata', asciiJson(toFileDto(record)))
    .send(body instanceof Readable ? body : Readable.from(body));
}

/**
 * `attachment` with an ASCII fallback name and the exact name as RFC 5987 `filename*`, so names
 * with accents, quotes or CJK survive every browser.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** JSON with every non-ASCII character escaped: a header value must be ASCII, and JSON.parse restores them. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
