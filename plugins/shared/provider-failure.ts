import type { ProviderFailure } from '../../core/plugin-api/index.js';

export type FailureKind = ProviderFailure['kind'];

/** Worth trying again later, by the user or a retry policy; quota, keys and bad requests are not. */
const retryableKinds = new Set<FailureKind>(['rate_limited', 'timeout', 'server_error', 'connection', 'malformed_stream']);

export function providerFailure(kind: FailureKind, message: string, statusCode?: number): ProviderFailure {
  return { kind, message, isRetryable: retryableKinds.has(kind), ...(statusCode === undefined ? {} : { statusCode }) };
}

/** What the provider's error body said beyond the status, when it says it. */
export interface StatusHints {
  /** The 429 is an exhausted balance, not a rate (OpenAI `insufficient_quota`). */
  quotaExhausted?: boolean;
  /** The key was refused under a status other than 401 (Gemini's 400 API_KEY_INVALID). */
  invalidKey?: boolean;
}

/** Classifies an HTTP error status the same way for every provider. */
export function failureForStatus(status: number, message: string, hints: StatusHints = {}): ProviderFailure {
  if (hints.invalidKey || status === 401 || status === 403) return providerFailure('invalid_api_key', message, status);
  if (status === 402 || hints.quotaExhausted) return providerFailure('insufficient_quota', message, status);
  if (status === 429) return providerFailure('rate_limited', message, status);
  if (status === 404) return providerFailure('not_found', message, status);
  if (status === 408) return providerFailure('timeout', message, status);
  if (status === 409 || status >= 500) return providerFailure('server_error', message, status);
  return providerFailure('bad_request', message, status);
}

/** A failure below HTTP: broken JSON in the stream, or a socket that went away. */
export function failureForTransport(error: unknown): ProviderFailure {
  if (error instanceof SyntaxError) return providerFailure('malformed_stream', `The provider sent a malformed chunk: ${error.message}`);
  // SDKs wrap the real reason (refused, DNS, an address the SSRF guard blocked) a few causes deep.
  let root: unknown = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const message = error instanceof Error ? error.message : String(error);
  const cause = root !== error && root instanceof Error ? ` (${root.message})` : '';
  return providerFailure('connection', `The connection to the provider failed: ${message}${cause}`);
}
