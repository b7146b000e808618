import { z } from 'zod';
import { fetchProviderJson } from '../fetch-provider-json.js';
import type { OAuthProviderDescriptor, ProviderEndpoints, SocialProfile } from '../provider-descriptor.js';

export const facebookEndpoints: ProviderEndpoints = {
  authorizeUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
  tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
  apiBaseUrl: 'https://graph.facebook.com/v21.0',
};

const facebookUserSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string().optional() }).optional() }).optional(),
});

export function facebookProvider(endpoints: ProviderEndpoints): OAuthProviderDescriptor {
  const api = endpoints.apiBaseUrl.replace(/\/+$/, '');
  return {
    provider: 'facebook',
    authorizeUrl: endpoints.authorizeUrl,
    tokenUrl: endpoints.tokenUrl,
    scope: ['public_profile', 'email'],
    // Facebook documents PKCE only for its OIDC flow (still "in testing"); the classic code flow relies on the secret.
    pkce: false,
    clientAuthentication: 'body',
    async fetchProfile(accessToken): Promise<SocialProfile> {
      const user = await fetchProviderJson(`${api}/me?fields=id,name,email,picture`, accessToken, facebookUserSchema);
      return {
        providerId: user.id,
        email: user.email ?? null,
        // The Graph API has no verification flag: it only returns an address the person has confirmed.
        emailVerified: Boolean(user.email),
        name: user.name ?? '',
        username: '',
        avatar: user.picture?.data?.url ?? null,
      };
    },
  };
}
