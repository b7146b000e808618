import type { FastifyInstance } from 'fastify';
import { writeUserArchive } from '../../portability/archive/write-archive.js';

/**
 * GET /api/user/export: every conversation (chatbox JSON), preset and file of the caller as one
 * gzipped tar (docs/api.md, "Take all your data"), streamed as it is written: no length is known
 * ahead, so the client's progress is the bytes received. Leaving stops the writing.
 */
export async function userExportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user/export', { preHandler: app.auth.authenticate }, async (request, reply) => {
    const user = request.user!;
    const controller = new AbortController();
    // The response's close, not the request's: a GET's request closes as soon as its (empty) body is read.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const archive = writeUserArchive({ store: app.store, storages: app.chat.fileStorages, user, signal: controller.signal });
    archive.on('error', (error) => request.log.warn({ err: error }, 'the export archive broke off'));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="chatbox-export-${day}.tar.gz"`)
      .header('cache-control', 'no-store')
      .send(archive);
  });
}
