import { randomUUID } from 'node:crypto';
import type { ServerEnv } from '../../config/env.js';
import type { PluginLogger } from '../plugin-api/index.js';
import { connectRedis, waitUntilReady, withRedis } from './redis-connection.js';
import { redisScripts } from './redis-scripts.js';
import { createRedisLiveReplies } from './redis-live-replies.js';
import { createRedisTurnDirectory, instanceChannel } from './redis-turn-directory.js';
import type { Coordination } from './types.js';

/**
 * A turn's concurrency slot is a lease its instance renews while the turn runs: killed, the instance
 * stops renewing and the slot is free again this long after (the user can send again).
 */
const SLOT_LEASE_MS = 15_000;
const PING_TIMEOUT_MS = 1_000;

/**
 * The coordination of several instances on one Redis: two connections (commands, and one in
 * subscriber mode for pub/sub), both reconnecting on their own. Keys carry REDIS_KEY_PREFIX through
 * the client; channel names get it here, as the client leaves them alone.
 */
export async function createRedisCoordination(
  uri: string,
  env: Pick<ServerEnv, 'REDIS_KEY_PREFIX' | 'REDIS_CA'>,
  logger: PluginLogger,
  timings: { slotLeaseMs?: number } = {},
): Promise<Coordination> {
  const slotLeaseMs = timings.slotLeaseMs ?? SLOT_LEASE_MS;
  /** The renewals of the slots this instance holds, stopped at close. */
  const renewals = new Set<NodeJS.Timeout>();
  const client = await connectRedis(uri, env, 'commands');
  const subscriber = await connectRedis(uri, env, 'subscriber');
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
  const instanceId = randomUUID();
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
          // A sorted set of leases, not the counter an earlier version kept under `concurrent:`.
          const key = `slots:${userId}`;
          const lease = { member: randomUUID(), ms: slotLeaseMs };
          if (!(await scripts.takeSlot(key, max, lease))) return null;
          // Three renewals per lease: one lost to a slow moment or a Redis blip does not free the slot.
          const renewal = setInterval(() => void scripts.renewSlot(key, lease).catch(noteError), Math.max(1, Math.floor(slotLeaseMs / 3)));
          renewal.unref();
          renewals.add(renewal);
          let released = false;
          return async () => {
            if (released) return;
            released = true;
            clearInterval(renewal);
            renewals.delete(renewal);
            await guarded(() => scripts.giveSlot(key, lease.member));
          };
        }),
    },
    handoff: {
      shared: true,
      put: (key, value, ttlMs) => guarded(async () => void (await client.set(`handoff:${key}`, value, 'PX', ttlMs))),
      take: (key) => guarded(() => client.getdel(`handoff:${key}`)),
    },
    cache(name) {
      return {
        get: (key) => guarded(() => client.get(`cache:${name}:${key}`)),
        set: (key, value, ttlMs) => guarded(async () => void (await client.set(`cache:${name}:${key}`, value, 'PX', ttlMs))),
      };
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
      const directory = createRedisTurnDirectory({ client, subscriber, scripts, channelPrefix, instanceId, onError: noteError });
      return {
        claim: (key) => guarded(() => directory.claim(key)),
        release: (key) => guarded(() => directory.release(key)),
        askHolder: (topic, key, body) => guarded(() => directory.askHolder(topic, key, body)),
        serve: (topic, handler) => directory.serve(topic, handler),
      };
    })(),
    liveReplies: (() => {
      const live = createRedisLiveReplies(client, noteError, instanceChannel(channelPrefix, instanceId));
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
      // The last error says why (refused, auth, TLS); the connection state alone does not.
      if (client.status !== 'ready') return { status: 'down', detail: lastError ? `${lastError} (connection ${client.status})` : `connection ${client.status}` };
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), PING_TIMEOUT_MS).unref());
      const answer = await Promise.race([client.ping().catch((error: unknown) => (error instanceof Error ? error.message : 'error')), timeout]);
      return answer === 'PONG' ? { status: 'up' } : { status: 'down', detail: answer };
    },
    async close() {
      for (const renewal of renewals) clearInterval(renewal);
      renewals.clear();
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
