import type { FastifyInstance } from 'fastify';

/** GET /api/balance: the user's token credits, a bare JSON number as LibreChat's client reads it. */
export async function balanceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/balance', { preHandler: app.auth.authenticate }, async (request, reply) => {
    const balance = await app.store.balances.get(request.user!.id);
    return reply.type('application/json').send(JSON.stringify(balance));
  });
}
