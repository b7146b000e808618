import type { ErrorCode } from './codes.js';
import { errorCodes } from './codes.js';

/**
 * The one error base. `code` is stable (the UI and the wire render by it), `status` is the HTTP
 * status it answers with, `details` are the values a message template needs ({limit}, {max} …).
 */
export class ChatboxError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, message?: string, details: Record<string, unknown> = {}) {
    super(message ?? errorCodes[code].message);
    this.name = 'ChatboxError';
    this.code = code;
    this.status = errorCodes[code].status;
    this.details = details;
  }
}

export class ValidationError extends ChatboxError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('validation_error', message, details);
    this.name = 'ValidationError';
  }
}

export class NotFoundError extends ChatboxError {
  constructor(message = 'Not found') {
    super('not_found', message);
    this.name = 'NotFoundError';
  }
}

/** A unique constraint of the store was hit (an email already registered …). */
export class DuplicateError extends ChatboxError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('duplicate', message, details);
    this.name = 'DuplicateError';
  }
}
