import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginLogger } from '../plugin-api/index.js';
import { hasRedisServer, startTestRedis, type TestRedis } from '../../testing/redis-server.js';
import { createRedisCoordination } from './redis-coordination.js';
import type { Coordination } from './types.js';

const quiet: PluginLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe.skipIf(!hasRedisServer)('the Redis coordination (skipped: redis-server is not installed; apt-get install redis-server)', () => {
  let redis: TestRedis;
  let first: Coordination;
  let second: Coordination;

  beforeAll(async () => {
    redis = await startTestRedis();
    first = await createRedisCoordination(redis.uri, { REDIS_KEY_PREFIX: 'unit:', REDIS_CA: undefined }, quiet);
    second = await createRedisCoordination(redis.uri, { REDIS_KEY_PREFIX: 'unit:', REDIS_CA: undefined }, quiet);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.close();
  });

  it('one instance leads the search outbox at a time; the lock passes on when released or expired', async () => {
    const leaderA = first.leadership('search-outbox', 300);
    const leaderB = second.leadership('search-outbox', 300);
    expect(await leaderA.holdOrTake()).toBe(true);
    expect(await leaderB.holdOrTake()).toBe(false);
    expect(await leaderA.holdOrTake()).toBe(true);
    await leaderA.release();
    expect(await leaderB.holdOrTake()).toBe(true);
    expect(await leaderA.holdOrTake()).toBe(false);
    // B stops renewing (its instance died): the lock expires and A takes over.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await leaderA.holdOrTake()).toBe(true);
  });

  it('the concurrency limit per user holds across instances and gives slots back once', async () => {
    const slot = await first.concurrency.acquire('user-1', 2);
    const other = await second.concurrency.acquire('user-1', 2);
    expect(slot).not.toBeNull();
    expect(other).not.toBeNull();
    expect(await second.concurrency.acquire('user-1', 2)).toBeNull();
    await slot!();
    await slot!();
    const again = await first.concurrency.acquire('user-1', 2);
    expect(again).not.toBeNull();
    expect(await first.concurrency.acquire('user-1', 2)).toBeNull();
  });

  it('a slot is a lease: renewed while its turn runs, free again soon after its instance is gone', async () => {
    const env = { REDIS_KEY_PREFIX: 'unit:', REDIS_CA: undefined };
    const killed = await createRedisCoordination(redis.uri, env, quiet, { slotLeaseMs: 300 });
    const living = await createRedisCoordination(redis.uri, env, quiet, { slotLeaseMs: 300 });
    try {
      const held = await living.concurrency.acquire('user-2', 2);
      expect(held).not.toBeNull();
      expect(await killed.concurrency.acquire('user-2', 2)).not.toBeNull();
      expect(await living.concurrency.acquire('user-2', 2)).toBeNull();
      // Its instance stops renewing without giving the slot back (kill -9); the other one renews its own.
      await killed.close();
      await new Promise((resolve) => setTimeout(resolve, 800));
      const freed = await living.concurrency.acquire('user-2', 2);
      expect(freed).not.toBeNull();
      expect(await living.concurrency.acquire('user-2', 2)).toBeNull();
      await held!();
      expect(await living.concurrency.acquire('user-2', 2)).not.toBeNull();
    } finally {
      await living.close();
    }
  });

  it('rate-limit windows expire, and keys carry REDIS_KEY_PREFIX', async () => {
    const limiterA = first.rateLimiter('unit', { max: 1, windowMs: 200 });
    const limiterB = second.rateLimiter('unit', { max: 1, windowMs: 200 });
    expect((await limiterA.hit('k')).allowed).toBe(true);
    expect((await limiterB.hit('k')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await limiterB.hit('k')).allowed).toBe(true);
    const { Redis } = await import('ioredis');
    const raw = new Redis(redis.uri);
    expect(await raw.exists('unit:limit:unit:k')).toBe(1);
    raw.disconnect();
  });
});
