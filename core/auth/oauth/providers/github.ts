import { z } from 'zod';
import { fetchProviderJson } from '../fetch-provider-json.js';
import { OAuthFlowError } from '../oauth-failure.js';
import type { OAuthProviderDescriptor, ProviderEndpoints, SocialProfile } from '../provider-descriptor.js';

export const githubEndpoints: ProviderEndpoints = {
  authorizeUrl: 'https://github.com/login/oauth/authorize',
  tokenUrl: 'https://github.com/login/oauth/access_token',
  apiBaseUrl: 'https://api.github.com',
};

const githubUserSchema = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  avatar_url: z.string().nullish(),
});

const githubEmailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean().optional(), verified: z.boolean().optional() }));

const githubHeaders = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

type GithubEmails = z.output<typeof githubEmailsSchema>;

/** The primary address when it is verified, else any verified one: /user's public email says nothing about verification. */
export function pickGithubEmail(emails: GithubEmails, publicEmail: string | null | undefined): { email: string | null; verified: boolean } {
  const chosen = emails.find((entry) => entry.primary && entry.verified) ?? emails.find((entry) => entry.verified);
  if (chosen) return { email: chosen.email, verified: true };
  return { email: publicEmail ?? null, verified: false };
}

export function githubProvider(endpoints: ProviderEndpoints): OAuthProviderDescriptor {
  const api = endpoints.apiBaseUrl.replace(/\/+$/, '');
  return {
    provider: 'github',
    authorizeUrl: endpoints.authorizeUrl,
    tokenUrl: endpoints.tokenUrl,
    scope: ['user:email'],
    pkce: true,
    clientAuthentication: 'body',
    async fetchProfile(accessToken): Promise<SocialProfile> {
      const user = await fetchProviderJson(`${api}/user`, accessToken, githubUserSchema, githubHeaders);
      // Without the user:email grant this list is refused; the sign-in can still go on with an unverified address.
      const emails = await fetchProviderJson(`${api}/user/emails`, accessToken, githubEmailsSchema, githubHeaders).catch((error: unknown) => {
        if (error instanceof OAuthFlowError) return [];
        throw error;
      });
      const { email, verified } = pickGithubEmail(emails, user.email);
      return {
        providerId: String(user.id),
        email,
        emailVerified: verified,
        name: user.name || user.login,
        username: user.login,
        avatar: user.avatar_url ?? null,
      };
    },
  };
}
