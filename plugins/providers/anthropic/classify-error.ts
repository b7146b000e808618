import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ProviderFailure } from '../../../core/plugin-api/index.js';
import { failureForStatus, failureForTransport, providerFailure, type FailureKind } from '../../shared/provider-failure.js';

/** Error types Anthropic may send inside a 200 stream as an `error` event, where there is no status. */
const kindsByType: Record<string, FailureKind> = {
  authentication_error: 'invalid_api_key',
  permission_error: 'invalid_api_key',
  rate_limit_error: 'rate_limited',
  overloaded_error: 'server_error',
  api_error: 'server_error',
  not_found_error: 'not_found',
  invalid_request_error: 'bad_request',
};

/** The `error.type` and `error.message` of Anthropic's `{type:'error', error:{…}}` body. */
function bodyError(error: APIError): { type?: string; message?: string } {
  const body = error.error as { error?: { type?: string; message?: string } } | undefined;
  return body?.error ?? {};
}

/** Classifies whatever @anthropic-ai/sdk threw. */
export function classifyAnthropicError(error: unknown): ProviderFailure {
  if (error instanceof APIUserAbortError) return providerFailure('aborted', 'The request was aborted');
  if (error instanceof APIConnectionTimeoutError) return providerFailure('timeout', 'Anthropic did not answer in time');
  if (error instanceof APIConnectionError) return failureForTransport(error.cause ?? error);
  if (error instanceof APIError) {
    const { type, message } = bodyError(error);
    const text = message ? `Anthropic: ${message}` : error.message;
    if (error.status === undefined) return providerFailure(kindsByType[type ?? ''] ?? 'server_error', text);
    return failureForStatus(error.status, text);
  }
  return failureForTransport(error);
}
