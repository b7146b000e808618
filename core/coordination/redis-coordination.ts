import { randomUUID } from 'node:crypto';
import type { ServerEnv } from '../../config/env.js';
import type { PluginLogger } from '../plugin-api/index.js';
import { connectRedis, waitUntilReady, withRedis } from './redis-connection.js';
import { redisScripts } from './redis-scripts.js';
import { createRedisLiveReplies } from './redis-live-replies.js';
import { createRedisTurnDirectory } from './redis-turn-directory.js';
import type { Coordination } from './types.js';

/** A user's slots vanish this long after their last turn started, should their instance die holding them. */
const SLOT_SAFETY_MS = 15 * 60 * 1000;
const PING_TIMEOUT_MS = 1_000;

/**
 * The coordination of several instances on one Redis: two connections (commands, and one in
 * subscriber mode for pub/sub), both reconnecting on their own. Keys carry REDIS_KEY_PREFIX through
 * the client; channel names get it here, as the client leaves them alone.
 */
export async function createRedisCoordination(uri: string, env: Pick<ServerEnv, 'REDIS_KEY_PREFIX' | 'REDIS_CA'>, logger: PluginLogger): Promise<Coordination> {
  const client = connectRedis(uri, env, 'commands');
  const subscriber = connectRedis(uri, env, 'subscriber');
  let lastError = '';
  const noteError = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    // Once per kind of failure, not once per request or reconnection attempt.
    if (message !== lastError) logger.warn('Redis call failed', { error: message });
    lastError = message;
  };
  client.on('error', noteError);
  subscriber.on('error', noteError);
  client.on('ready', () => {
    if (lastError) logger.info('Redis is reachable again');
    lastError = '';
  });
  if (!(await waitUntilReady(client, 5_000))) logger.warn('Redis cannot be reached yet; requests that need it answer 503 until it can', { uri: uri.replace(/\/\/[^@]*@/, '//***@') });

  const scripts = redisScripts(client);
  const guarded = <T>(call: () => Promise<T>) => withRedis(call, noteError);
  const channelPrefix = env.REDIS_KEY_PREFIX ?? '';
  const handlers = new Map<string, Array<(message: unknown) => void>>();
  // Again at every (re)connection: a SUBSCRIBE that failed before the first one is not redone by ioredis.
  subscriber.on('ready', () => {
    for (const channel of handlers.keys()) subscriber.subscribe(channel).catch(noteError);
  });
  subscriber.on('message', (channel: string, raw: string) => {
    const list = handlers.get(channel);
    if (!list) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    for (const handler of list) {
      try {
        handler(message);
      } catch (error) {
        logger.error('a broadcast handler failed', { channel, error: error instanceof Error ? error.message : String(error) });
      }
    }
  });

  return {
    kind: 'redis',
    rateLimiter(name, options) {
      return {
        hit: (key) =>
          guarded(async () => {
            const { count, leftMs } = await scripts.hitWindow(`limit:${name}:${key}`, options.windowMs);
            return { allowed: count <= options.max, remaining: Math.max(0, options.max - count), resetAt: Date.now() + leftMs };
          }),
        reset: (key) => guarded(async () => void (await client.del(`limit:${name}:${key}`))),
      };
    },
    concurrency: {
      acquire: (userId, max) =>
        guarded(async () => {
          const key = `concurrent:${userId}`;
          if (!(await scripts.takeSlot(key, max, SLOT_SAFETY_MS))) return null;
          let released = false;
          return async () => {
            if (released) return;
            released = true;
            await guarded(() => scripts.giveSlot(key));
          };
        }),
    },
    handoff: {
      shared: true,
      put: (key, value, ttlMs) => guarded(async () => void (await client.set(`handoff:${key}`, value, 'PX', ttlMs))),
      take: (key) => guarded(() => client.getdel(`handoff:${key}`)),
    },
    broadcast: {
      publish: (channel, message) => guarded(async () => void (await client.publish(channelPrefix + channel, JSON.stringify(message)))),
      subscribe(channel, handler) {
        const full = channelPrefix + channel;
        if (!handlers.has(full)) subscriber.subscribe(full).catch(noteError);
        handlers.set(full, [...(handlers.get(full) ?? []), handler]);
      },
    },
    turns: (() => {
      const directory = createRedisTurnDirectory({ client, subscriber, scripts, channelPrefix, onError: noteError });
      return {
        claim: (key) => guarded(() => directory.claim(key)),
        release: (key) => guarded(() => directory.release(key)),
        askHolder: (topic, key, body) => guarded(() => directory.askHolder(topic, key, body)),
        serve: (topic, handler) => directory.serve(topic, handler),
      };
    })(),
    liveReplies: (() => {
      const live = createRedisLiveReplies(client, noteError);
      return { open: live.open, attach: (userId, conversationId, watcher) => guarded(() => live.attach(userId, conversationId, watcher)) };
    })(),
    leadership(name, ttlMs) {
      const holder = randomUUID();
      return {
        holdOrTake: () => guarded(() => scripts.holdOrTake(`leader:${name}`, holder, ttlMs)),
        release: () => guarded(() => scripts.deleteIfHeld(`leader:${name}`, holder)),
      };
    },
    async health() {
      if (client.status !== 'ready') return { status: 'down', detail: `connection ${client.status}` };
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), PING_TIMEOUT_MS).unref());
      const answer = await Promise.race([client.ping().catch((error: unknown) => (error instanceof Error ? error.message : 'error')), timeout]);
      return answer === 'PONG' ? { status: 'up' } : { status: 'down', detail: answer };
    },
    async close() {
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
