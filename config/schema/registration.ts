import { z } from 'zod';

export const socialLoginProviders = ['github', 'google', 'discord', 'openid', 'facebook'] as const;

export type SocialLoginProvider = (typeof socialLoginProviders)[number];

function isSocialLoginProvider(name: string): name is SocialLoginProvider {
  return socialLoginProviders.some((provider) => provider === name);
}

/**
 * `registration`: which social buttons the login page shows (and in what order), and who may sign up.
 * LibreChat 1.2+ also lists `apple`, `saml` (and accepts any name): those chatbox has no sign-in for
 * are dropped here and reported as ignored (see ignored-settings.ts).
 */
export const registrationSchema = z.strictObject({
  socialLogins: z
    .array(z.string())
    .transform((names) => names.filter(isSocialLoginProvider))
    .default([...socialLoginProviders]),
  /** Email domains allowed to register or sign in socially; absent means everyone. */
  allowedDomains: z.array(z.string().min(1)).optional(),
});

export type RegistrationConfig = z.output<typeof registrationSchema>;
