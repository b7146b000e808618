import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ProviderFailure } from '../../../core/plugin-api/index.js';
import { failureForStatus, failureForTransport, providerFailure } from '../provider-failure.js';

/** Classifies whatever the openai SDK threw, for OpenAI, Azure OpenAI and compatible servers alike. */
export function classifyOpenAIError(error: unknown): ProviderFailure {
  if (error instanceof APIUserAbortError) return providerFailure('aborted', 'The request was aborted');
  if (error instanceof APIConnectionTimeoutError) return providerFailure('timeout', 'The provider did not answer in time');
  if (error instanceof APIConnectionError) return failureForTransport(error.cause ?? error);
  if (error instanceof APIError) {
    const code = typeof error.code === 'string' ? error.code : undefined;
    const quotaExhausted = code === 'insufficient_quota' || error.type === 'insufficient_quota';
    // A status-less APIError is an `error` object sent inside the stream after a 200.
    if (error.status === undefined) return providerFailure(quotaExhausted ? 'insufficient_quota' : 'server_error', error.message);
    return failureForStatus(error.status, error.message, { quotaExhausted, invalidKey: code === 'invalid_api_key' });
  }
  return failureForTransport(error);
}
