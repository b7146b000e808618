import fp from 'fastify-plugin';
import type { ChatboxConfig } from '../../config/types.js';
import { toPluginLogger } from '../plugin-host/plugin-logger.js';
import { createMemoryCoordination } from '../coordination/memory-coordination.js';
import { redisUriOf } from '../coordination/redis-connection.js';
import { createRedisCoordination } from '../coordination/redis-coordination.js';
import type { Coordination } from '../coordination/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared state across instances: Redis when REDIS_URI is set, else this process's memory. */
    coordination: Coordination;
  }
}

/** Decorates `app.coordination`, chosen once at start from REDIS_URI / USE_REDIS. */
export const coordinationPlugin = fp<{ config: ChatboxConfig }>(
  async (app, { config }) => {
    const uri = redisUriOf(config.env);
    const coordination = uri ? await createRedisCoordination(uri, config.env, toPluginLogger(app.log.child({ component: 'redis' }))) : createMemoryCoordination();
    app.decorate('coordination', coordination);
    app.addHook('onClose', () => coordination.close());
  },
  { name: 'chatbox-coordination' },
);
