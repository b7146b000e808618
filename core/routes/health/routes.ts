import type { FastifyInstance } from 'fastify';
import { checkReadiness, readinessBody } from './readiness.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  /** Liveness: the process answers. Never looks at anything else, so a load balancer does not restart it for Redis being down. */
  app.get('/health', async () => ({ status: 'ok' }));

  /** Readiness: 200 when the store, search and Redis all answer, 503 naming the part that does not. */
  app.get('/ready', async (_request, reply) => {
    const readiness = await checkReadiness({ store: app.store, search: app.searchIndex, coordination: app.coordination });
    return reply.status(readiness.ready ? 200 : 503).send(readinessBody(readiness));
  });
}
