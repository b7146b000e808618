import fp from 'fastify-plugin';
import type { Store } from '../store/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
  }
}

/** Decorates `app.store` and closes it with the server. */
export const storePlugin = fp<{ store: Store }>(
  async (app, options) => {
    app.decorate('store', options.store);
    app.addHook('onClose', async () => {
      await options.store.close();
    });
  },
  { name: 'chatbox-store' },
);
