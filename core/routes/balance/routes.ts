import type { FastifyInstance } from 'fastify';

/**
 * GET /api/balance: the user's token credits as LibreChat answers them: the number as the body (its
 * client reads it with parseFloat), or an empty body for a user who has no balance record yet, which
 * that client hides (it would show a 0 as "Balance: 0.00").
 */
export async function balanceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/balance', { preHandler: app.auth.authenticate }, async (request, reply) => {
    const balance = await app.store.balances.find(request.user!.id);
    if (balance === null) return reply.type('text/plain; charset=utf-8').send('');
    return reply.type('application/json').send(JSON.stringify(balance));
  });
}
