import { z } from 'zod';
import { fetchProviderJson } from '../fetch-provider-json.js';
import type { OAuthProviderDescriptor, ProviderEndpoints, SocialProfile } from '../provider-descriptor.js';

export const googleEndpoints: ProviderEndpoints = {
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  apiBaseUrl: 'https://openidconnect.googleapis.com',
};

const googleUserinfoSchema = z.object({
  sub: z.string(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  picture: z.string().optional(),
});

export function googleProvider(endpoints: ProviderEndpoints): OAuthProviderDescriptor {
  const api = endpoints.apiBaseUrl.replace(/\/+$/, '');
  return {
    provider: 'google',
    authorizeUrl: endpoints.authorizeUrl,
    tokenUrl: endpoints.tokenUrl,
    scope: ['openid', 'profile', 'email'],
    pkce: true,
    clientAuthentication: 'header',
    async fetchProfile(accessToken): Promise<SocialProfile> {
      const user = await fetchProviderJson(`${api}/v1/userinfo`, accessToken, googleUserinfoSchema);
      return {
        providerId: user.sub,
        email: user.email ?? null,
        emailVerified: user.email_verified === true,
        name: user.name || user.given_name || '',
        username: '',
        avatar: user.picture ?? null,
      };
    },
  };
}
