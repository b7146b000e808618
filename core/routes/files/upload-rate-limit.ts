import type { FastifyInstance } from 'fastify';
import { uploadRateLimits } from '../../../config/upload-rate-limits.js';
import { createUserRateLimit } from '../../auth/user-rate-limit.js';

/**
 * LibreChat's upload limiters as a preHandler after authentication: per client IP, then per user
 * (FILE_UPLOAD_* and yaml `rateLimits.fileUploads`). Checked before the body is read, so a refused
 * upload costs no storage; each refusal is a `file_upload_limit` violation toward a ban.
 */
export function createUploadRateLimit(app: FastifyInstance) {
  return createUserRateLimit(app, { limits: uploadRateLimits(app.config.env, app.config.yaml.rateLimits), violation: 'file_upload_limit' });
}
