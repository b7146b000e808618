import type { FastifyInstance } from 'fastify';

/** GET /api/endpoints in LibreChat's shape: `{ [name]: { order, type, userProvide, … } }`. */
export async function endpointsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/endpoints', { preHandler: app.auth.authenticate }, async () => {
    const answer: Record<string, unknown> = {};
    for (const entry of app.endpoints.values()) {
      answer[entry.name] = {
        order: entry.order,
        type: entry.type,
        userProvide: entry.userProvide,
        userProvideURL: entry.userProvideURL,
        iconURL: entry.iconURL,
        modelDisplayLabel: entry.modelDisplayLabel,
        azure: entry.azure ?? false,
      };
    }
    return answer;
  });

  app.get('/api/endpoints/config/override', { preHandler: app.auth.authenticate }, async () => false);
}
