import { z } from 'zod';
import { fetchProviderJson } from '../fetch-provider-json.js';
import type { OAuthProviderDescriptor, ProviderEndpoints, SocialProfile } from '../provider-descriptor.js';

export const discordEndpoints: ProviderEndpoints = {
  authorizeUrl: 'https://discord.com/oauth2/authorize',
  tokenUrl: 'https://discord.com/api/oauth2/token',
  apiBaseUrl: 'https://discord.com/api',
};

const DISCORD_CDN = 'https://cdn.discordapp.com';

const discordUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
  email: z.string().nullish(),
  /** Discord's `verified` is about the email address. */
  verified: z.boolean().optional(),
});

export function discordProvider(endpoints: ProviderEndpoints): OAuthProviderDescriptor {
  const api = endpoints.apiBaseUrl.replace(/\/+$/, '');
  return {
    provider: 'discord',
    authorizeUrl: endpoints.authorizeUrl,
    tokenUrl: endpoints.tokenUrl,
    scope: ['identify', 'email'],
    pkce: true,
    clientAuthentication: 'header',
    async fetchProfile(accessToken): Promise<SocialProfile> {
      const user = await fetchProviderJson(`${api}/users/@me`, accessToken, discordUserSchema);
      return {
        providerId: user.id,
        email: user.email ?? null,
        emailVerified: user.verified === true,
        name: user.global_name || user.username,
        username: user.username,
        avatar: user.avatar ? `${DISCORD_CDN}/avatars/${user.id}/${user.avatar}.png` : null,
      };
    },
  };
}
