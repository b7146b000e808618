import type { FastifyInstance } from 'fastify';

/** GET /api/models: `{ [endpoint]: string[] }`. A provider that fails to list answers an empty list. */
export async function modelsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/models', { preHandler: app.auth.authenticate }, async (request) => {
    const entries = [...app.endpoints.values()];
    const lists = await Promise.all(
      entries.map((entry) =>
        entry.provider.listModels().catch((error: unknown) => {
          request.log.warn({ err: error, endpoint: entry.name }, 'listing models failed');
          return [] as string[];
        }),
      ),
    );
    return Object.fromEntries(entries.map((entry, index) => [entry.name, lists[index]]));
  });
}
