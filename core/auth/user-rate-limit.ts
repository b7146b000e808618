import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadRateLimits } from '../../config/upload-rate-limits.js';
import { ChatboxError, type ErrorCode } from '../errors/index.js';

export interface UserRateLimitOptions {
  /** Per client IP and per signed-in user. */
  limits: UploadRateLimits;
  /** The violation recorded toward a ban, which is also the catalogue code answered (429). */
  violation: ErrorCode;
  violationScore?: number;
}

/**
 * A limiter for signed-in requests as a preHandler after authentication: per client IP, then per
 * user, checked before the body is read; each refusal is a violation toward a ban (user and IP).
 */
export function createUserRateLimit(app: FastifyInstance, { limits, violation, violationScore = 1 }: UserRateLimitOptions) {
  const perIp = app.coordination.rateLimiter(`${violation}:ip`, { max: limits.ip.max, windowMs: limits.ip.windowInMinutes * 60_000 });
  const perUser = app.coordination.rateLimiter(`${violation}:user`, { max: limits.user.max, windowMs: limits.user.windowInMinutes * 60_000 });
  return async function limitRequests(request: FastifyRequest): Promise<void> {
    const userId = request.user!.id;
    if ((await perIp.hit(request.ip)).allowed && (await perUser.hit(userId)).allowed) return;
    const banned = await app.auth.bans.recordViolation({ ip: request.ip, userId, type: violation, score: violationScore });
    throw new ChatboxError(banned ? 'ban' : violation);
  };
}
