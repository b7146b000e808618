import type { FastifyInstance } from 'fastify';
import { findAssistantsEndpoint, offeredModels } from '../../assistants/assistants-endpoint.js';

/**
 * GET /api/models: `{ [endpoint]: string[] }`, through the model catalog turns use (cached for five
 * minutes, in Redis when instances share it). A provider that fails to list answers an empty list.
 * The assistants endpoint's list adds, after its own, the models its `modelsFrom` endpoints offer the
 * caller (the builder's model dropdown reads it).
 */
export async function modelsRoutes(app: FastifyInstance): Promise<void> {
  const assistants = findAssistantsEndpoint(app.endpoints, app.config);
  app.get('/api/models', { preHandler: app.auth.authenticate }, async (request) => {
    const entries = [...app.endpoints.values()];
    const lists = await Promise.all(
      entries.map((entry) =>
        app.chat.models.list(entry, request.user!.id).catch((error: unknown) => {
          request.log.warn({ err: error, endpoint: entry.name }, 'listing models failed');
          return [] as string[];
        }),
      ),
    );
    const answer = new Map(entries.map((entry, index) => [entry.name, lists[index] ?? []]));
    if (assistants && assistants.offered.length > 0) {
      const own = answer.get(assistants.entry.name) ?? [];
      answer.set(assistants.entry.name, [...new Set([...own, ...(await offeredModels(app.chat, assistants, request.user!.id))])]);
    }
    return Object.fromEntries(answer);
  });
}
