import type { FastifyInstance } from 'fastify';
import { assistantsEndpointName, findAssistantsEndpoint } from '../../assistants/assistants-endpoint.js';
import { catalogueEntry } from '../../protocol/endpoint-catalogue.js';

/**
 * GET /api/endpoints in LibreChat's shape: `{ [name]: { order, type, userProvide, … } }`. The plugins
 * endpoint adds its agents and `plugins`, each tool's key → display name (the titles of LibreChat's
 * plugin boxes). The assistants endpoint adds what its builder shows (wave2 notes §2.7).
 */
export async function endpointsRoutes(app: FastifyInstance): Promise<void> {
  const assistants = findAssistantsEndpoint(app.endpoints, app.config)?.settings;
  const assistantsFields = assistants && { capabilities: assistants.capabilities, retrievalModels: assistants.retrievalModels, disableBuilder: assistants.disableBuilder };
  app.get('/api/endpoints', { preHandler: app.auth.authenticate }, async (request) => {
    const answer: Record<string, unknown> = {};
    const toolNames = () => Object.fromEntries(app.chat.tools.list().map(({ key, tool }) => [key, tool.manifest.displayName]));
    for (const entry of app.endpoints.values()) {
      answer[entry.name] = {
        order: entry.order,
        type: entry.type,
        userProvide: entry.userProvide,
        userProvideURL: entry.userProvideURL,
        iconURL: entry.iconURL,
        modelDisplayLabel: entry.modelDisplayLabel,
        azure: entry.azure ?? false,
        ...(catalogueEntry(entry.name)?.pluginsAgent ? { plugins: toolNames(), availableAgents: ['classic', 'functions'] } : {}),
        ...(entry.name === assistantsEndpointName ? assistantsFields : {}),
      };
    }
    return answer;
  });

  app.get('/api/endpoints/config/override', { preHandler: app.auth.authenticate }, async () => false);
}
