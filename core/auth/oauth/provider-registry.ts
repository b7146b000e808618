import type { ServerEnv } from '../../../config/env.js';
import type { ChatboxConfig } from '../../../config/types.js';
import { isSocialProviderEnabled, socialProviders, type SocialProvider } from '../social-providers.js';
import type { OAuthEndpointOverrides, OAuthProviderDescriptor, ProviderEndpoints } from './provider-descriptor.js';
import { discordEndpoints, discordProvider } from './providers/discord.js';
import { facebookEndpoints, facebookProvider } from './providers/facebook.js';
import { githubEndpoints, githubProvider } from './providers/github.js';
import { googleEndpoints, googleProvider } from './providers/google.js';
import { discoverOpenId, openIdProvider } from './providers/openid.js';

export interface ProviderCredentials {
  clientId: string;
  clientSecret: string;
  /** As configured: absolute, or a path resolved against the server's origin. */
  callbackUrl: string;
}

const staticProviders = {
  github: { endpoints: githubEndpoints, create: githubProvider },
  google: { endpoints: googleEndpoints, create: googleProvider },
  discord: { endpoints: discordEndpoints, create: discordProvider },
  facebook: { endpoints: facebookEndpoints, create: facebookProvider },
} satisfies Record<Exclude<SocialProvider, 'openid'>, { endpoints: ProviderEndpoints; create: (endpoints: ProviderEndpoints) => OAuthProviderDescriptor }>;

/** Only called for enabled providers, whose id and secret isSocialProviderEnabled has checked. */
export function providerCredentials(provider: SocialProvider, env: ServerEnv): ProviderCredentials {
  const pick = (clientId: string | undefined, clientSecret: string | undefined, callbackUrl: string | undefined) => ({
    clientId: clientId ?? '',
    clientSecret: clientSecret ?? '',
    callbackUrl: callbackUrl ?? `/oauth/${provider}/callback`,
  });
  switch (provider) {
    case 'github':
      return pick(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, env.GITHUB_CALLBACK_URL);
    case 'google':
      return pick(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_CALLBACK_URL);
    case 'discord':
      return pick(env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET, env.DISCORD_CALLBACK_URL);
    case 'facebook':
      return pick(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET, env.FACEBOOK_CALLBACK_URL);
    case 'openid':
      return pick(env.OPENID_CLIENT_ID, env.OPENID_CLIENT_SECRET, env.OPENID_CALLBACK_URL);
  }
}

/** The providers that get routes: enabled by the environment and listed in registration.socialLogins, in that list's order. */
export function enabledSocialLogins(config: Pick<ChatboxConfig, 'env' | 'yaml'>): SocialProvider[] {
  const listed = config.yaml.registration?.socialLogins ?? socialProviders;
  return [...new Set(listed)].filter((provider) => isSocialProviderEnabled(provider, config.env));
}

/** The descriptor of one provider; for OpenID this runs discovery against OPENID_ISSUER (and may throw). */
export async function createProviderDescriptor(
  provider: SocialProvider,
  env: ServerEnv,
  overrides: OAuthEndpointOverrides = {},
): Promise<OAuthProviderDescriptor> {
  if (provider === 'openid') {
    return openIdProvider(await discoverOpenId(env.OPENID_ISSUER ?? ''), env.OPENID_SCOPE ?? 'openid profile email');
  }
  const { endpoints, create } = staticProviders[provider];
  return create({ ...endpoints, ...overrides[provider] });
}
