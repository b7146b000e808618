import type { FastifyInstance } from 'fastify';
import { toFileDto } from '../../presenters/file-dto.js';

/**
 * GET /api/files: the signed-in user's file records, newest first. LibreChat's client loads a
 * chat's history only once this list has arrived, so it must answer an array even with no files.
 */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/files', { preHandler: app.auth.authenticate }, async (request) => (await app.store.files.list(request.user!.id)).map(toFileDto));
}
