import type { FastifyInstance } from 'fastify';
import { toUserDto } from '../../presenters/user-dto.js';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user', { preHandler: app.auth.authenticate }, async (request) => toUserDto(request.user!));
}
