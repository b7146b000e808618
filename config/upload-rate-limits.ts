import type { ServerEnv } from './env.js';
import type { RateLimitsConfig } from './schema/rate-limits.js';

/** One upload limiter: at most `max` uploads in `windowInMinutes`. */
export interface UploadRateLimit {
  max: number;
  windowInMinutes: number;
}

/** How often uploads may come, per client IP and per signed-in user (LibreChat's `uploadLimiters`). */
export interface UploadRateLimits {
  ip: UploadRateLimit;
  user: UploadRateLimit;
}

type UploadEnv = Pick<ServerEnv, 'FILE_UPLOAD_IP_MAX' | 'FILE_UPLOAD_IP_WINDOW' | 'FILE_UPLOAD_USER_MAX' | 'FILE_UPLOAD_USER_WINDOW'>;

/**
 * FILE_UPLOAD_IP_MAX/_WINDOW and FILE_UPLOAD_USER_MAX/_WINDOW (defaults 100 and 50 per 15 minutes)
 * combined with librechat.yaml's `rateLimits.fileUploads`: as in LibreChat, each key the yaml sets
 * overrides its variable. Exceeding either answers 429 with the `file_upload_limit` violation.
 */
export function uploadRateLimits(env: UploadEnv, yaml: RateLimitsConfig | undefined): UploadRateLimits {
  const fileUploads = yaml?.fileUploads;
  return {
    ip: { max: fileUploads?.ipMax ?? env.FILE_UPLOAD_IP_MAX, windowInMinutes: fileUploads?.ipWindowInMinutes ?? env.FILE_UPLOAD_IP_WINDOW },
    user: { max: fileUploads?.userMax ?? env.FILE_UPLOAD_USER_MAX, windowInMinutes: fileUploads?.userWindowInMinutes ?? env.FILE_UPLOAD_USER_WINDOW },
  };
}
