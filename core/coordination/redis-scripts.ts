import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Counts a hit and starts the window's expiry with the first one, atomically. Returns [count, ms left]. */
const hitWindow = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}`;

/** Redis's clock in ms: every instance's leases are measured on the same clock, whatever theirs say. */
const redisNow = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

/**
 * A user's slots are a sorted set of leases (member → lease end). Takes one (member ARGV[3], lease
 * ARGV[2] ms) unless ARGV[1] unexpired leases are held: a lease its instance stopped renewing (the
 * instance was killed) frees its slot when it runs out, whatever the user does meanwhile.
 */
const takeSlot = `${redisNow}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** Extends the lease ARGV[2] by ARGV[1] ms while it is held (XX: a slot given back is not taken again). */
const renewSlot = `${redisNow}
local renewed = redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[1]), ARGV[2])
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return renewed`;

/** Takes the lock, or renews it when ARGV[1] holds it already. */
const holdOrTake = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if holder then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** Deletes the key only while it still holds ARGV[1] (a lock or a turn this instance owns). */
const deleteIfHeld = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Runs a script by its SHA1 (EVALSHA), sending its text only when Redis does not know it yet: on first
 * use and after Redis restarted with an empty script cache.
 */
async function run(client: Redis, lua: string, key: string, args: Array<string | number>): Promise<unknown> {
  const sha = createHash('sha1').update(lua).digest('hex');
  try {
    return await client.evalsha(sha, 1, key, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return client.eval(lua, 1, key, ...args);
  }
}

const numbers = (reply: unknown): number[] => (Array.isArray(reply) ? reply.map(Number) : [Number(reply)]);

/** The atomic steps the Redis coordination is made of; keys are prefixed by the client (REDIS_KEY_PREFIX). */
export function redisScripts(client: Redis) {
  return {
    async hitWindow(key: string, windowMs: number): Promise<{ count: number; leftMs: number }> {
      const [count = 0, leftMs = windowMs] = numbers(await run(client, hitWindow, key, [windowMs]));
      return { count, leftMs };
    },
    async takeSlot(key: string, max: number, lease: { member: string; ms: number }): Promise<boolean> {
      return numbers(await run(client, takeSlot, key, [max, lease.ms, lease.member]))[0] === 1;
    },
    async renewSlot(key: string, lease: { member: string; ms: number }): Promise<void> {
      await run(client, renewSlot, key, [lease.ms, lease.member]);
    },
    async giveSlot(key: string, member: string): Promise<void> {
      await client.zrem(key, member);
    },
    async holdOrTake(key: string, holder: string, ttlMs: number): Promise<boolean> {
      return numbers(await run(client, holdOrTake, key, [holder, ttlMs]))[0] === 1;
    },
    async deleteIfHeld(key: string, holder: string): Promise<void> {
      await run(client, deleteIfHeld, key, [holder]);
    },
  };
}

export type RedisScripts = ReturnType<typeof redisScripts>;
