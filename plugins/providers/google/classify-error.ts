import {
  GoogleGenerativeAIAbortError,
  GoogleGenerativeAIError,
  GoogleGenerativeAIFetchError,
  GoogleGenerativeAIRequestInputError,
} from '@google/generative-ai';
import type { ProviderFailure } from '../../../core/plugin-api/index.js';
import { failureForStatus, failureForTransport, providerFailure } from '../../shared/provider-failure.js';

const sdkPrefix = /^\[GoogleGenerativeAI Error\]: /;

/** Classifies whatever @google/generative-ai threw; its errors carry the kind in the class or the text. */
export function classifyGoogleError(error: unknown): ProviderFailure {
  if (error instanceof GoogleGenerativeAIAbortError) return providerFailure('aborted', 'The request was aborted');
  if (error instanceof GoogleGenerativeAIFetchError && error.status !== undefined) {
    const message = error.message.replace(sdkPrefix, '');
    // Gemini answers a bad key with 400 INVALID_ARGUMENT and an ErrorInfo reason, not with a 401.
    const invalidKey = error.errorDetails?.some((detail) => detail.reason === 'API_KEY_INVALID') ?? false;
    return failureForStatus(error.status, message, { invalidKey });
  }
  if (error instanceof GoogleGenerativeAIRequestInputError) return providerFailure('bad_request', error.message.replace(sdkPrefix, ''));
  if (error instanceof GoogleGenerativeAIError) {
    const message = error.message.replace(sdkPrefix, '');
    if (/Error parsing JSON response|Failed to parse stream/.test(message)) return providerFailure('malformed_stream', message);
    return providerFailure('connection', message);
  }
  return failureForTransport(error);
}
