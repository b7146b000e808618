/** GET /api/config: the startup config of spec 000 §3. */
export interface StartupConfig {
  appTitle: string;
  customFooter?: string;
  interface?: {
    privacyPolicy?: { externalUrl?: string; openNewTab?: boolean };
    termsOfService?: { externalUrl?: string; openNewTab?: boolean };
  };
  socialLogins: string[];
  githubLoginEnabled: boolean;
  googleLoginEnabled: boolean;
  discordLoginEnabled: boolean;
  facebookLoginEnabled: boolean;
  openidLoginEnabled: boolean;
  openidLabel: string;
  openidImageUrl: string;
  socialLoginEnabled: boolean;
  emailLoginEnabled: boolean;
  registrationEnabled: boolean;
  emailEnabled: boolean;
  /** Users can reset their own password (by mail, or by a returned link when the operator opted in); otherwise the administrator does it. */
  passwordResetEnabled: boolean;
  serverDomain: string;
  showBirthdayIcon: boolean;
  checkBalance: boolean;
  helpAndFaqURL: string;
  /** Bytes. */
  avatarSizeLimit: number;
  version: string;
}
