/**
 * The short reason codes a failed social sign-in sends the browser back with
 * (`/login?error=<reason>`): stable, so the login page can translate them.
 */
export const oauthFailureReasons = [
  'access_denied',
  'invalid_state',
  'provider_error',
  'provider_unavailable',
  'email_required',
  'email_not_verified',
  'registration_disabled',
  'domain_not_allowed',
  'banned',
] as const;

export type OAuthFailureReason = (typeof oauthFailureReasons)[number];

/** A failure that ends the flow with a reason code; its message is for the server log only. */
export class OAuthFlowError extends Error {
  readonly reason: OAuthFailureReason;

  constructor(reason: OAuthFailureReason, message: string = reason, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OAuthFlowError';
    this.reason = reason;
  }
}
