import fp from 'fastify-plugin';
import type { ChatboxConfig } from '../../config/types.js';
import { toPluginLogger } from '../plugin-host/plugin-logger.js';
import type { Store } from '../store/types.js';
import { createSearchIndex } from './create-search-index.js';
import type { SearchIndex } from './types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The search backend. Not `app.search`: Fastify already has that name, the shorthand for routes
     * of the HTTP SEARCH method.
     */
    searchIndex: SearchIndex;
  }
}

export interface SearchPluginOptions {
  config: ChatboxConfig;
  store: Store;
  /** A backend built elsewhere (tests); by default one is chosen from the config. */
  search?: SearchIndex;
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Decorates `app.searchIndex`, starts its background work when the server is ready and stops it on close.
 * After any request that may have written (a turn, a rename, a delete) the backend is woken, so the
 * Meilisearch worker sends the change now instead of at its next poll; the request never waits for it.
 */
export const searchPlugin = fp<SearchPluginOptions>(
  async (app, options) => {
    const search = options.search ?? createSearchIndex({ config: options.config, store: options.store, logger: toPluginLogger(app.log), coordination: app.coordination });
    app.decorate('searchIndex', search);
    app.addHook('onReady', async () => search.start());
    app.addHook('onClose', async () => search.stop());
    app.addHook('onResponse', async (request) => {
      if (writeMethods.has(request.method)) search.wake();
    });
  },
  { name: 'chatbox-search', dependencies: ['chatbox-store', 'chatbox-coordination'] },
);
