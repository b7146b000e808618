import { readFileSync } from 'node:fs';
import type { Redis, RedisOptions } from 'ioredis';
import type { ServerEnv } from '../../config/env.js';
import { ChatboxError, loadOnce } from '../errors/index.js';

/** ioredis (about 24 MB) loads only when REDIS_URI is set: a single instance never needs it. */
const loadRedis = loadOnce('ioredis', async () => (await import('ioredis')).Redis);

/** The longest pause between two reconnection attempts. */
const MAX_BACKOFF_MS = 2_000;

/** The REDIS_URI to use, or undefined when Redis is off (unset, or USE_REDIS=false as LibreChat reads it). */
export function redisUriOf(env: Pick<ServerEnv, 'REDIS_URI' | 'USE_REDIS'>): string | undefined {
  return env.USE_REDIS ? env.REDIS_URI : undefined;
}

/**
 * Commands fail at once while the connection is down (no offline queue), so a request that needs
 * Redis answers 503 instead of hanging; the client reconnects in the background with a growing pause.
 */
export function redisOptions(env: Pick<ServerEnv, 'REDIS_KEY_PREFIX' | 'REDIS_CA'>, purpose: 'commands' | 'subscriber'): RedisOptions {
  return {
    keyPrefix: env.REDIS_KEY_PREFIX,
    connectionName: `chatbox-${purpose}`,
    // The subscriber queues its SUBSCRIBE until connected and subscribes again after every reconnect.
    enableOfflineQueue: purpose === 'subscriber',
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 10), MAX_BACKOFF_MS),
    // rediss:// turns TLS on by itself; a private CA comes from a file.
    ...(env.REDIS_CA ? { tls: { ca: readFileSync(env.REDIS_CA) } } : {}),
  };
}

export async function connectRedis(uri: string, env: Pick<ServerEnv, 'REDIS_KEY_PREFIX' | 'REDIS_CA'>, purpose: 'commands' | 'subscriber'): Promise<Redis> {
  const Client = await loadRedis();
  return new Client(uri, redisOptions(env, purpose));
}

/** Runs a Redis call; any failure (down, timed out, refused) becomes the catalogue's 503. */
export async function withRedis<T>(call: () => Promise<T>, onError?: (error: unknown) => void): Promise<T> {
  try {
    return await call();
  } catch (error) {
    onError?.(error);
    throw new ChatboxError('coordination_unavailable');
  }
}

/** Waits until the client is connected, or the timeout; false when it is not (the start goes on without it). */
export async function waitUntilReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.once('ready', onReady);
  });
}
