import type { FastifyRequest } from 'fastify';
import { ChatboxError, type ErrorCode } from '../errors/index.js';
import type { Coordination } from '../coordination/types.js';
import type { BanGuard } from './ban-guard.js';

export interface LimitOptions {
  max: number;
  windowMinutes: number;
  /** The catalogue code answered with once the limit is exceeded. */
  code: ErrorCode;
  violationType: string;
  violationScore: number;
  bans: BanGuard;
  /** Where the counts live (shared by every instance on Redis); `violationType` names the counter. */
  coordination: Coordination;
}

/**
 * A per-address limit for the doors open to anonymous callers, as a preHandler. Requests beyond the
 * limit answer 429 with the catalogue text and count as violations toward a ban of that address; a
 * banned address answers 403 before anything else. The account a request names is never counted
 * here: an account is slowed down by the login throttle instead, never banned by strangers.
 */
export function createLimitHook(options: LimitOptions) {
  const limiter = options.coordination.rateLimiter(options.violationType, { max: options.max, windowMs: options.windowMinutes * 60 * 1000 });
  return async function limit(request: FastifyRequest): Promise<void> {
    await options.bans.assertMaySignIn(request.ip);
    if ((await limiter.hit(request.ip)).allowed) return;
    const banned = await options.bans.recordSignInViolation({ ip: request.ip, type: options.violationType, score: options.violationScore });
    if (banned) throw new ChatboxError('ban');
    throw new ChatboxError(options.code, undefined, { minutes: options.windowMinutes });
  };
}
