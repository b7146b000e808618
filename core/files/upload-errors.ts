import { ChatboxError, formatErrorMessage, errorCodes } from '../errors/index.js';
import { megabyte } from './file-limits.js';

type UploadErrorCode = 'file_too_large' | 'upload_total_too_large' | 'storage_quota_exceeded' | 'unsupported_file_type' | 'unknown_file_type';

/**
 * An upload refused by a limit or a type rule. `status` is the answer (413 or 415); a route that
 * catches it while the body streams stops reading and deletes what it wrote.
 */
export class UploadRejectedError extends ChatboxError {
  constructor(code: UploadErrorCode, details: Record<string, string | number>) {
    super(code, formatErrorMessage(errorCodes[code].message, details), details);
    this.name = 'UploadRejectedError';
  }
}

/** Bytes as LibreChat's messages show them: MB, at most two decimals (512, 0.5, 1.25). */
export function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / megabyte) * 100) / 100);
}
