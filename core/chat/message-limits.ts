import type { ServerEnv } from '../../config/env.js';
import type { BanGuard } from '../auth/ban-guard.js';
import { createRateLimiter } from '../auth/rate-limiter.js';
import { ChatboxError } from '../errors/index.js';

/**
 * The chat limits of spec 000 §8: messages in flight per user, and messages per window per IP and
 * per user. Hitting one answers its catalogue error and counts as a violation toward a ban.
 */
export function createMessageLimits(env: ServerEnv, bans: BanGuard) {
  const inFlight = new Map<string, number>();
  const perIp = createRateLimiter({ max: env.MESSAGE_IP_MAX, windowMs: env.MESSAGE_IP_WINDOW * 60_000 });
  const perUser = createRateLimiter({ max: env.MESSAGE_USER_MAX, windowMs: env.MESSAGE_USER_WINDOW * 60_000 });

  async function refuse(error: ChatboxError, ip: string, userId: string): Promise<never> {
    const banned = await bans.recordViolation({ ip, userId, type: error.code });
    throw banned ? new ChatboxError('ban') : error;
  }

  return {
    /** Takes a slot for one message; the returned function gives it back (call it exactly once). */
    async acquire(userId: string, ip: string): Promise<() => void> {
      if (env.LIMIT_MESSAGE_IP && !perIp.hit(ip).allowed) {
        await refuse(new ChatboxError('message_limit', undefined, { max: env.MESSAGE_IP_MAX, windowInMinutes: env.MESSAGE_IP_WINDOW }), ip, userId);
      }
      if (env.LIMIT_MESSAGE_USER && !perUser.hit(userId).allowed) {
        await refuse(new ChatboxError('message_limit', undefined, { max: env.MESSAGE_USER_MAX, windowInMinutes: env.MESSAGE_USER_WINDOW }), ip, userId);
      }
      const current = inFlight.get(userId) ?? 0;
      if (env.LIMIT_CONCURRENT_MESSAGES && current >= env.CONCURRENT_MESSAGE_MAX) {
        await refuse(new ChatboxError('concurrent', undefined, { limit: env.CONCURRENT_MESSAGE_MAX }), ip, userId);
      }
      inFlight.set(userId, current + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(userId) ?? 1) - 1;
        if (left <= 0) inFlight.delete(userId);
        else inFlight.set(userId, left);
      };
    },
  };
}

export type MessageLimits = ReturnType<typeof createMessageLimits>;
