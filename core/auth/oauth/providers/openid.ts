import { z } from 'zod';
import { fetchProviderJson } from '../fetch-provider-json.js';
import { OAuthFlowError } from '../oauth-failure.js';
import type { OAuthProviderDescriptor, SocialProfile } from '../provider-descriptor.js';

const DISCOVERY_TIMEOUT_MS = 10_000;

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});

export type OpenIdMetadata = z.output<typeof discoverySchema>;

const userinfoSchema = z.object({
  sub: z.string(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  preferred_username: z.string().optional(),
  email: z.string().optional(),
  // Some issuers send the claim as a string.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  picture: z.string().optional(),
});

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads {issuer}/.well-known/openid-configuration; the issuer it names must be the one configured (OIDC Discovery §4.3). */
export async function discoverOpenId(issuer: string): Promise<OpenIdMetadata> {
  const url = issuer.includes('/.well-known/') ? issuer : `${withoutTrailingSlash(issuer)}/.well-known/openid-configuration`;
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
  if (!response.ok) throw new OAuthFlowError('provider_unavailable', `OpenID discovery at ${url} answered ${response.status}`);
  const parsed = discoverySchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new OAuthFlowError('provider_unavailable', `OpenID discovery at ${url} is incomplete: ${parsed.error.message}`);
  const expected = withoutTrailingSlash(issuer.split('/.well-known/')[0]);
  if (withoutTrailingSlash(parsed.data.issuer) !== expected) {
    throw new OAuthFlowError('provider_unavailable', `OpenID discovery names issuer ${parsed.data.issuer}, expected ${expected}`);
  }
  return parsed.data;
}

/**
 * The profile comes from the userinfo endpoint only, fetched with the access token over the back
 * channel: the id_token is not used, so there is no JWKS signature to check.
 */
export function openIdProvider(metadata: OpenIdMetadata, scope: string): OAuthProviderDescriptor {
  const challengeMethods = metadata.code_challenge_methods_supported;
  const authMethods = metadata.token_endpoint_auth_methods_supported;
  return {
    provider: 'openid',
    authorizeUrl: metadata.authorization_endpoint,
    tokenUrl: metadata.token_endpoint,
    scope: scope.split(/\s+/).filter(Boolean),
    // An issuer that lists its methods without S256 would reject the challenge; one that lists none may still support it.
    pkce: !challengeMethods || challengeMethods.includes('S256'),
    // client_secret_basic is the OIDC default; use form fields only when the issuer accepts nothing else.
    clientAuthentication: authMethods && !authMethods.includes('client_secret_basic') && authMethods.includes('client_secret_post') ? 'body' : 'header',
    async fetchProfile(accessToken): Promise<SocialProfile> {
      const user = await fetchProviderJson(metadata.userinfo_endpoint, accessToken, userinfoSchema);
      return {
        providerId: user.sub,
        email: user.email ?? null,
        emailVerified: user.email_verified === true || user.email_verified === 'true',
        name: user.name || user.given_name || user.preferred_username || '',
        username: user.preferred_username ?? '',
        avatar: user.picture ?? null,
      };
    },
  };
}
