import { z } from 'zod';

const link = z.object({ externalUrl: z.string().optional(), openNewTab: z.boolean().optional() });

/** GET /api/config, read before sign-in (contract §2.10). */
export const startupConfigSchema = z.object({
  appTitle: z.string(),
  socialLogins: z.array(z.enum(['google', 'facebook', 'openid', 'github', 'discord'])).optional(),
  discordLoginEnabled: z.boolean(),
  facebookLoginEnabled: z.boolean(),
  githubLoginEnabled: z.boolean(),
  googleLoginEnabled: z.boolean(),
  openidLoginEnabled: z.boolean(),
  openidLabel: z.string(),
  openidImageUrl: z.string(),
  serverDomain: z.string(),
  emailLoginEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  socialLoginEnabled: z.boolean(),
  emailEnabled: z.boolean(),
  checkBalance: z.boolean(),
  showBirthdayIcon: z.boolean(),
  helpAndFaqURL: z.string(),
  interface: z.object({ privacyPolicy: link.optional(), termsOfService: link.optional() }).optional(),
  // Any string, even '', replaces the default footer: the key must be absent to keep it.
  customFooter: z.string().optional(),
});
