import type { FastifyRequest } from 'fastify';
import { ChatboxError, type ErrorCode } from '../errors/index.js';
import type { BanGuard } from './ban-guard.js';
import { createRateLimiter } from './rate-limiter.js';

export interface LimitOptions {
  max: number;
  windowMinutes: number;
  /** The catalogue code answered with once the limit is exceeded. */
  code: ErrorCode;
  violationType: string;
  violationScore: number;
  bans: BanGuard;
  /** The user the request concerns, when known (e.g. the account a login names), for per-user bans. */
  userOf?: (request: FastifyRequest) => Promise<string | null>;
}

/**
 * A per-IP limit as a preHandler. Requests beyond the limit answer 429 with the catalogue text and
 * count as violations toward a ban; a banned IP or user answers 403 before anything else.
 */
export function createLimitHook(options: LimitOptions) {
  const limiter = createRateLimiter({ max: options.max, windowMs: options.windowMinutes * 60 * 1000 });
  return async function limit(request: FastifyRequest): Promise<void> {
    const userId = options.userOf ? await options.userOf(request) : null;
    await options.bans.assertNotBanned(request.ip, userId);
    if (limiter.hit(request.ip).allowed) return;
    const banned = await options.bans.recordViolation({ ip: request.ip, userId, type: options.violationType, score: options.violationScore });
    if (banned) throw new ChatboxError('ban');
    throw new ChatboxError(options.code, undefined, { minutes: options.windowMinutes });
  };
}
