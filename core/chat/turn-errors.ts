import { ChatboxError, formatErrorMessage } from '../errors/index.js';
import type { ProviderFailure } from '../plugin-api/index.js';

/** Codes the UI renders from their own JSON (spec 000 §8); everything else is shown as a message. */
const typedCodes = new Set([
  'no_user_key', 'expired_user_key', 'invalid_user_key', 'no_base_url', 'token_balance', 'concurrent', 'message_limit',
  'illegal_model_request', 'ban', 'invalid_api_key', 'insufficient_quota', 'moderation', 'file_upload_limit',
]);

/** The `text` of an error reply: the catalogue JSON for typed errors, else a plain message. */
export function errorText(error: unknown): string {
  if (error instanceof ChatboxError) {
    if (typedCodes.has(error.code)) return JSON.stringify({ type: error.code, ...error.details, message: formatErrorMessage(error.message, error.details) });
    return formatErrorMessage(error.message, error.details);
  }
  return 'An unexpected error occurred while generating the reply.';
}

/** Maps a classified provider failure to the catalogue; a rejected user key is the user's to fix. */
export function failureToError(failure: ProviderFailure, usedUserKey: boolean): ChatboxError {
  switch (failure.kind) {
    case 'invalid_api_key':
      return usedUserKey ? new ChatboxError('invalid_user_key') : new ChatboxError('invalid_api_key', failure.message);
    case 'insufficient_quota':
      return new ChatboxError('insufficient_quota', failure.message);
    case 'timeout':
      return new ChatboxError('provider_error', `The model provider did not answer in time: ${failure.message}`);
    case 'rate_limited':
      return new ChatboxError('provider_error', `The model provider is rate limiting requests, try again shortly: ${failure.message}`);
    default:
      return new ChatboxError('provider_error', failure.message);
  }
}
