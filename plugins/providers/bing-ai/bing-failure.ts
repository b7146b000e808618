import type { ProviderFailure } from '../../../core/plugin-api/index.js';
import { failureForStatus, providerFailure } from '../../shared/provider-failure.js';

/** A failure Bing named in a `result` (conversation creation, the completion event). */
export class BingResultError extends Error {
  constructor(
    readonly value: string,
    message: string,
  ) {
    super(`${value}: ${message}`);
  }
}

/**
 * Bing's result values, classified: an expired or refused cookie is the key's fault; throttling is a
 * rate limit; a captcha must be solved by the account's owner in a browser, which no retry fixes.
 */
export function classifyBingResult(value: string, message: string): ProviderFailure {
  const text = message ? `${value}: ${message}` : value;
  if (value === 'UnauthorizedRequest' || value === 'Forbidden' || value === 'InvalidSession') return providerFailure('invalid_api_key', `Bing refused the cookie (it may have expired): ${text}`);
  if (value === 'Throttled' || value === 'ProcessingMessage') return providerFailure('rate_limited', `Bing is throttling this account: ${text}`);
  if (value === 'CaptchaChallenge') return providerFailure('bad_request', `Bing asks for a captcha: open Bing signed in with this cookie in a browser, solve it, then try again (${text})`);
  return providerFailure('server_error', text);
}

export function classifyBingError(error: unknown): ProviderFailure {
  if (error instanceof BingResultError) return classifyBingResult(error.value, error.message.slice(error.value.length + 2));
  if (error instanceof BingHttpError) return failureForStatus(error.status, error.message);
  const message = error instanceof Error ? error.message : String(error);
  return providerFailure('connection', `The connection to Bing failed: ${message}`);
}

/** A non-2xx answer of the conversation-create call. */
export class BingHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
