/**
 * English, the reference language: every key exists here, and other languages fall back to it key by
 * key. Keys follow LibreChat's names where one exists so its translations can be reused.
 */
export const enUS = {
  // Validation (keys produced by the @protocol zod schemas)
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

  // Sign-in screens
  com_auth_welcome_back: 'Welcome back',
  com_auth_email_address: 'Email address',
  com_auth_password: 'Password',
  com_auth_password_confirm: 'Confirm password',
  com_auth_full_name: 'Full name',
  com_auth_username: 'Username (optional)',
  com_auth_continue: 'Continue',
  com_auth_forgot_password: 'Forgot password?',
  com_auth_no_account: "Don't have an account?",
  com_auth_sign_up: 'Sign up',
  com_auth_already_have_account: 'Already have an account?',
  com_auth_login: 'Log in',
  com_auth_create_account: 'Create your account',
  com_auth_submit_registration: 'Create account',
  com_auth_or: 'Or',
  com_auth_signing_in: 'Signing in…',
  com_auth_github_login: 'Continue with GitHub',
  com_auth_google_login: 'Continue with Google',
  com_auth_facebook_login: 'Continue with Facebook',
  com_auth_discord_login: 'Continue with Discord',
  com_auth_openid_login: 'Continue with OpenID',
  com_auth_error_login:
    'Unable to login with the information provided. Please check your credentials and try again.',
  com_auth_error_login_rl: 'Too many login attempts in a short time, try again later.',
  com_auth_error_login_ban: 'Account temporarily banned for violations of the service.',
  com_auth_error_login_server: 'Internal server error, wait a few moments and retry.',
  com_auth_error_create: 'There was an error attempting to register your account. Please try again.',

  // Password reset
  com_auth_reset_password: 'Reset your password',
  com_auth_reset_password_intro: 'Enter your email address and we will send you a link to reset your password.',
  com_auth_send_reset_link: 'Send reset link',
  com_auth_check_email: 'Check your email',
  com_auth_reset_password_if_email_exists:
    'If an account with that email exists, an email with password reset instructions has been sent. Please check your spam folder too.',
  com_auth_reset_link_ready: 'Email is not configured on this server. Use this link to choose a new password:',
  com_auth_reset_link_label: 'Reset my password',
  com_auth_error_reset_password: 'There was a problem resetting your password. Please try again.',
  com_auth_new_password: 'New password',
  com_auth_set_new_password: 'Set a new password',
  com_auth_reset_password_success: 'Your password has been reset',
  com_auth_login_with_new_password: 'You may now log in with your new password.',
  com_auth_error_invalid_reset_token: 'This password reset token is no longer valid.',
  com_auth_request_new_link: 'Request a new reset link',
  com_auth_back_to_login: 'Back to login',

  // Shell
  com_ui_loading: 'Loading…',
  com_ui_new_chat: 'New chat',
  com_ui_new_chat_title: 'New Chat',
  com_ui_conversations: 'Conversations',
  com_ui_conversations_placeholder: 'Conversations will appear here',
  com_ui_chat_history: 'Chat history',
  com_nav_open_sidebar: 'Open sidebar',
  com_nav_close_sidebar: 'Close sidebar',
  com_nav_user_menu: 'User menu',
  com_nav_settings: 'Settings',
  com_nav_log_out: 'Log out',
  com_nav_theme: 'Theme',
  com_nav_theme_system: 'System',
  com_nav_theme_dark: 'Dark',
  com_nav_theme_light: 'Light',
  com_ui_how_can_i_help: 'How can I help you today?',
  com_ui_message_placeholder: 'Message {0}',
  com_ui_send_message: 'Send message',
  com_ui_chat_coming_soon: 'Chatting arrives in a later version of {0}. This input is disabled for now.',
  com_ui_footer_tagline: 'All AI conversations in one place. Pay per call and not per month',
  com_ui_privacy_policy: 'Privacy policy',
  com_ui_terms_of_service: 'Terms of service',
  com_ui_opens_new_tab: '(opens in a new tab)',

  // Toasts and dialogs (lib/toast, components/dialog)
  com_ui_dismiss: 'Dismiss',
  com_ui_close: 'Close',
  com_ui_cancel: 'Cancel',
  com_ui_confirm: 'Confirm',
  com_ui_save: 'Save',
  com_ui_delete: 'Delete',
} as const;

export type TranslationKey = keyof typeof enUS;

/** A translation may leave keys out; they show in English. */
export type Translations = Partial<Record<TranslationKey, string>>;
