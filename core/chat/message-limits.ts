import type { ServerEnv } from '../../config/env.js';
import type { BanGuard } from '../auth/ban-guard.js';
import type { Coordination } from '../coordination/types.js';
import { ChatboxError } from '../errors/index.js';

/**
 * The chat limits of spec 000 §8: messages in flight per user, and messages per window per IP and
 * per user. Hitting one answers its catalogue error and counts as a violation toward a ban. The
 * counts live in `coordination`: across every instance on Redis.
 */
export function createMessageLimits(env: ServerEnv, bans: BanGuard, coordination: Coordination, log: { warn(details: object, message: string): void }) {
  const perIp = coordination.rateLimiter('messages:ip', { max: env.MESSAGE_IP_MAX, windowMs: env.MESSAGE_IP_WINDOW * 60_000 });
  const perUser = coordination.rateLimiter('messages:user', { max: env.MESSAGE_USER_MAX, windowMs: env.MESSAGE_USER_WINDOW * 60_000 });

  async function refuse(error: ChatboxError, ip: string, userId: string): Promise<never> {
    const banned = await bans.recordViolation({ ip, userId, type: error.code });
    throw banned ? new ChatboxError('ban') : error;
  }

  return {
    /** Takes a slot for one message; the returned function gives it back (call it exactly once). */
    async acquire(userId: string, ip: string): Promise<() => void> {
      if (env.LIMIT_MESSAGE_IP && !(await perIp.hit(ip)).allowed) {
        await refuse(new ChatboxError('message_limit', undefined, { max: env.MESSAGE_IP_MAX, windowInMinutes: env.MESSAGE_IP_WINDOW }), ip, userId);
      }
      if (env.LIMIT_MESSAGE_USER && !(await perUser.hit(userId)).allowed) {
        await refuse(new ChatboxError('message_limit', undefined, { max: env.MESSAGE_USER_MAX, windowInMinutes: env.MESSAGE_USER_WINDOW }), ip, userId);
      }
      if (!env.LIMIT_CONCURRENT_MESSAGES) return () => undefined;
      const release = await coordination.concurrency.acquire(userId, env.CONCURRENT_MESSAGE_MAX);
      if (!release) return refuse(new ChatboxError('concurrent', undefined, { limit: env.CONCURRENT_MESSAGE_MAX }), ip, userId);
      // The turn is over whatever happens here: a slot Redis could not take back expires on its own.
      return () => void release().catch((error: unknown) => log.warn({ err: error, userId }, 'a concurrency slot could not be given back'));
    },
  };
}

export type MessageLimits = ReturnType<typeof createMessageLimits>;
