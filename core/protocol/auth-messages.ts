/**
 * The validation texts of spec 000 §5, by message key. Schemas report keys so that the UI can show
 * them in the user's language; the server answers the English text.
 */
export const authMessages = {
  com_auth_field_required: 'This field is required',
  com_auth_email_required: 'Email is required',
  com_auth_email_min_length: 'Email must be at least 6 characters',
  com_auth_email_forgot_min_length: 'Email must be at least 3 characters',
  com_auth_email_max_length: 'Email should not be longer than 120 characters',
  com_auth_email_pattern: 'You must enter a valid email address',
  com_auth_password_required: 'Password is required',
  com_auth_password_min_length: 'Password must be at least 8 characters',
  com_auth_password_max_length: 'Password must be less than 128 characters',
  com_auth_password_not_match: 'Passwords do not match',
  com_auth_name_required: 'Name is required',
  com_auth_name_min_length: 'Name must be at least 3 characters',
  com_auth_name_max_length: 'Name must be less than 80 characters',
  com_auth_username_min_length: 'Username must be at least 2 characters',
  com_auth_username_max_length: 'Username must be less than 20 characters',
  com_auth_reset_token_missing: 'Unable to process: No valid reset token',
  com_auth_user_id_missing: 'Unable to process: No valid user id',
} as const;

export type AuthMessageKey = keyof typeof authMessages;

/** The English text of a key; unknown keys pass through (zod's own messages). */
export function authMessageText(key: string): string {
  return (authMessages as Record<string, string>)[key] ?? key;
}
