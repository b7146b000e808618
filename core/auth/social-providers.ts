import type { ServerEnv } from '../../config/env.js';

export const socialProviders = ['github', 'google', 'discord', 'facebook', 'openid'] as const;
export type SocialProvider = (typeof socialProviders)[number];

/** A provider is usable when social login is on and its client credentials (and issuer, for OIDC) are set. */
export function isSocialProviderEnabled(provider: SocialProvider, env: ServerEnv): boolean {
  if (!env.ALLOW_SOCIAL_LOGIN) return false;
  switch (provider) {
    case 'github':
      return Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET);
    case 'google':
      return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
    case 'discord':
      return Boolean(env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET);
    case 'facebook':
      return Boolean(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET);
    case 'openid':
      return Boolean(env.OPENID_CLIENT_ID && env.OPENID_CLIENT_SECRET && env.OPENID_ISSUER);
  }
}
