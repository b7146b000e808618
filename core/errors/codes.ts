/**
 * The code table: every error the server can answer, its HTTP status and its default text. The
 * catalogue texts are spec 000 §8; the UI renders by code, so a code never changes meaning.
 */
export const errorCodes = {
  validation_error: { status: 400, message: 'Invalid request' },
  unauthorized: { status: 401, message: 'Unauthorized' },
  invalid_credentials: { status: 422, message: 'Unable to login with the information provided. Please check your credentials and try again.' },
  forbidden: { status: 403, message: 'Forbidden' },
  ban: { status: 403, message: 'Your account has been temporarily banned due to violations of our service.' },
  not_found: { status: 404, message: 'Not found' },
  duplicate: { status: 409, message: 'Already exists' },
  registration_disabled: { status: 403, message: 'Registration is not allowed.' },
  email_login_disabled: { status: 403, message: 'Email login is not allowed.' },
  domain_not_allowed: { status: 403, message: 'The email address provided cannot be used. Please use a different email address.' },
  invalid_reset_token: { status: 400, message: 'Invalid or expired password reset token' },
  login_limit: { status: 429, message: 'Too many login attempts, please try again after {minutes} minutes.' },
  register_limit: { status: 429, message: 'Too many accounts created, please try again after {minutes} minutes' },
  reset_limit: { status: 429, message: 'Too many password reset requests, please try again after {minutes} minutes.' },
  payload_too_large: { status: 413, message: 'Request body is too large' },
  config_error: { status: 500, message: 'Invalid configuration' },
  internal: { status: 500, message: 'Internal server error, wait a few moments and retry.' },
  no_user_key: { status: 400, message: 'No user key found' },
  expired_user_key: { status: 400, message: 'Key for {0} expired at {1}' },
  invalid_user_key: { status: 401, message: 'Invalid key provided' },
  no_base_url: { status: 400, message: 'No base URL found' },
  illegal_model_request: { status: 400, message: 'Illegal model request' },
  token_balance: { status: 402, message: 'Insufficient Funds! Balance: {balance}. Prompt tokens: {promptTokens}. Cost: {tokenCost}.' },
  concurrent: { status: 429, message: 'Only {limit} message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.' },
  message_limit: { status: 429, message: 'You hit the message limit. You have a cap of {max} message(s) per {windowInMinutes} minute(s).' },
  unknown_endpoint: { status: 400, message: 'Unknown endpoint: {endpoint}' },
  no_valid_spec: { status: 403, message: 'No valid spec: this server only allows its model specs, and {choice} is not one of them.' },
  invalid_api_key: { status: 401, message: 'Invalid API key' },
  insufficient_quota: { status: 429, message: 'Insufficient quota' },
  moderation: { status: 400, message: 'Content flagged by moderation' },
  file_upload_limit: { status: 429, message: 'File upload limit reached' },
  // Conversation imports (wave2 notes §7): LibreChat's texts.
  import_limit: { status: 429, message: 'Too many conversation imports, please try again later.' },
  import_too_large: { status: 413, message: 'File exceeds the maximum allowed size' },
  // Upload checks (spec 001 §5; LibreChat's client texts, wave2 notes §1.13): {limit} and {used} in MB.
  file_too_large: { status: 413, message: 'File size exceeds {limit} MB.' },
  upload_total_too_large: { status: 413, message: 'The total size of the files cannot exceed {limit} MB.' },
  storage_quota_exceeded: { status: 413, message: 'Your file storage is full: this upload would pass your limit of {limit} MB ({used} MB used).' },
  unsupported_file_type: { status: 415, message: 'Currently, unsupported file type: {type}' },
  unknown_file_type: { status: 415, message: 'Unable to determine file type for: {name}' },
  file_storage_unavailable: { status: 503, message: 'File uploads are not available: this server has no file storage set up.' },
  tools_unsupported: { status: 400, message: 'The model {model} cannot call tools. Choose a model that can, or send the message without tools.' },
  vision_unsupported: { status: 400, message: 'The model {model} cannot see images. Choose a model with vision, or send the message without images.' },
  provider_error: { status: 502, message: 'The model provider returned an error' },
  storage_failed: { status: 503, message: 'The server could not save this: its storage failed ({reason}). Nothing was changed; try again later or tell the administrator.' },
  coordination_unavailable: { status: 503, message: 'The server cannot reach its Redis right now, please try again in a few moments.' },
  search_unavailable: { status: 503, message: 'Search is temporarily unavailable, please try again in a few moments.' },
  // LibreChat's RAG API (RAG_API_URL): the first two are LibreChat's own texts.
  embedding_unsupported_type: { status: 415, message: 'File embedding failed. The filetype {type} is not supported' },
  embedding_failed: { status: 502, message: 'File embedding failed.' },
  // Shared links (issue 20 §3).
  shared_links_disabled: { status: 403, message: 'Shared links are turned off on this server.' },
  share_view_limit: { status: 429, message: 'Too many shared conversations opened, please try again after {minutes} minutes.' },
  rag_api_unavailable: { status: 503, message: 'Documents cannot be read right now: the RAG API {reason}. Try again in a few moments.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** Fills `{name}` placeholders of a catalogue text from details. */
export function formatErrorMessage(template: string, details: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in details ? String(details[name]) : whole));
}
