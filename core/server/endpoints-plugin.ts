import fp from 'fastify-plugin';
import type { ConfiguredEndpoint } from '../endpoints/configured-endpoint.js';

declare module 'fastify' {
  interface FastifyInstance {
    endpoints: Map<string, ConfiguredEndpoint>;
  }
}

/** Decorates `app.endpoints`: the configured chat endpoints by name. */
export const endpointsPlugin = fp<{ endpoints: ConfiguredEndpoint[] }>(
  async (app, { endpoints }) => {
    app.decorate('endpoints', new Map(endpoints.map((entry) => [entry.name, entry])));
  },
  { name: 'chatbox-endpoints' },
);
