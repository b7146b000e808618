import type { StartupConfig } from '@protocol';

/**
 * What the UI assumes when /api/config cannot be read (server starting, proxy down): email sign-in and
 * registration on, no social buttons. The server still enforces its real settings.
 */
export const defaultStartupConfig: StartupConfig = {
  appTitle: 'Chatbox',
  socialLogins: [],
  githubLoginEnabled: false,
  googleLoginEnabled: false,
  discordLoginEnabled: false,
  facebookLoginEnabled: false,
  openidLoginEnabled: false,
  openidLabel: '',
  openidImageUrl: '',
  socialLoginEnabled: false,
  emailLoginEnabled: true,
  registrationEnabled: true,
  emailEnabled: false,
  passwordResetEnabled: true,
  serverDomain: '',
  showBirthdayIcon: false,
  checkBalance: false,
  helpAndFaqURL: '',
  avatarSizeLimit: 2 * 1024 * 1024,
  conversationImportMaxFileSize: 262144000,
  version: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '',
};
