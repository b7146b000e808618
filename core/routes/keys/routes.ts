import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../errors/index.js';
import { NEVER_EXPIRES_AT, saveKeyRequestSchema, type KeyExpiryResponse } from '../../protocol/keys.js';
import { parseInput } from '../parse.js';
import { deleteAllKeysQuerySchema, keyExpiryQuerySchema, keyParamsSchema } from './schema.js';

/**
 * /api/keys: the user's own provider keys. Nothing here ever answers a key: only its expiry, so the
 * client knows whether to ask for one. Encryption and expiry rules live in app.userKeys.
 */
export async function keysRoutes(app: FastifyInstance): Promise<void> {
  const authenticate = { preHandler: app.auth.authenticate };

  app.get('/api/keys', authenticate, async (request): Promise<KeyExpiryResponse> => {
    const { name } = parseInput(keyExpiryQuerySchema, request.query);
    const expiresAt = await app.userKeys.expiry(request.user!.id, name);
    // No key is an answer, not an error: LibreChat's client treats a 404 here as a failed lookup.
    if (expiresAt === undefined) return { expiresAt: null };
    return { expiresAt: expiresAt ? expiresAt.toISOString() : NEVER_EXPIRES_AT };
  });

  app.put('/api/keys', authenticate, async (request, reply) => {
    const { name, value, expiresAt } = parseInput(saveKeyRequestSchema, request.body);
    await app.userKeys.save(request.user!.id, name, value, expiresAt ? new Date(expiresAt) : null);
    return reply.status(201).send();
  });

  app.delete('/api/keys/:name', authenticate, async (request, reply) => {
    const { name } = parseInput(keyParamsSchema, request.params);
    if (!(await app.userKeys.revoke(request.user!.id, name))) throw new NotFoundError(`No key saved for ${name}`);
    return reply.status(204).send();
  });

  app.delete('/api/keys', authenticate, async (request, reply) => {
    parseInput(deleteAllKeysQuerySchema, request.query);
    await app.userKeys.revokeAll(request.user!.id);
    return reply.status(204).send();
  });
}
