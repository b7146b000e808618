import { z } from 'zod';

export const socialLoginProviders = ['github', 'google', 'discord', 'openid', 'facebook'] as const;

export type SocialLoginProvider = (typeof socialLoginProviders)[number];

/** `registration`: which social buttons the login page shows (and in what order), and who may sign up. */
export const registrationSchema = z.strictObject({
  socialLogins: z.array(z.enum(socialLoginProviders)).default([...socialLoginProviders]),
  /** Email domains allowed to register or sign in socially; absent means everyone. */
  allowedDomains: z.array(z.string().min(1)).optional(),
});

export type RegistrationConfig = z.output<typeof registrationSchema>;
