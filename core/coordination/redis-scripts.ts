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

/** Takes a slot unless ARGV[1] are taken; the expiry (ARGV[2]) frees the slots of an instance that died. */
const takeSlot = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const giveSlot = `
local count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count`;

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
    async takeSlot(key: string, max: number, safetyMs: number): Promise<boolean> {
      return numbers(await run(client, takeSlot, key, [max, safetyMs]))[0] === 1;
    },
    async giveSlot(key: string): Promise<void> {
      await run(client, giveSlot, key, []);
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
