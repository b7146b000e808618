import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadRateLimits } from '../../../config/upload-rate-limits.js';
import { createRateLimiter } from '../../auth/rate-limiter.js';
import { ChatboxError } from '../../errors/index.js';

/**
 * LibreChat's upload limiters as a preHandler after authentication: per client IP, then per user
 * (FILE_UPLOAD_* and yaml `rateLimits.fileUploads`). Checked before the body is read, so a refused
 * upload costs no storage; each refusal is a `file_upload_limit` violation toward a ban.
 */
export function createUploadRateLimit(app: FastifyInstance) {
  const limits = uploadRateLimits(app.config.env, app.config.yaml.rateLimits);
  const perIp = createRateLimiter({ max: limits.ip.max, windowMs: limits.ip.windowInMinutes * 60_000 });
  const perUser = createRateLimiter({ max: limits.user.max, windowMs: limits.user.windowInMinutes * 60_000 });
  return async function limitUploads(request: FastifyRequest): Promise<void> {
    const userId = request.user!.id;
    if (perIp.hit(request.ip).allowed && perUser.hit(userId).allowed) return;
    const banned = await app.auth.bans.recordViolation({ ip: request.ip, userId, type: 'file_upload_limit' });
    throw new ChatboxError(banned ? 'ban' : 'file_upload_limit');
  };
}
