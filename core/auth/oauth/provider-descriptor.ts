import type { SocialProvider } from '../social-providers.js';

/** What every provider's profile is reduced to before chatbox decides who signs in. */
export interface SocialProfile {
  /** The provider's stable id of the account (GitHub id, OIDC `sub` …), as a string. */
  providerId: string;
  email: string | null;
  /** True only when the provider vouches that the account owns the address. */
  emailVerified: boolean;
  name: string;
  username: string;
  avatar: string | null;
}

/** Where a provider lives; every URL can be overridden (tests point them at a loopback fake). */
export interface ProviderEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  /** Base of the provider's REST API that the profile is read from. */
  apiBaseUrl: string;
}

/** Per-provider endpoint overrides; OpenID has none because its issuer (OPENID_ISSUER) already says where it is. */
export type OAuthEndpointOverrides = Partial<Record<Exclude<SocialProvider, 'openid'>, Partial<ProviderEndpoints>>>;

/** Everything the generic flow needs to know about one provider. */
export interface OAuthProviderDescriptor {
  provider: SocialProvider;
  authorizeUrl: string;
  tokenUrl: string;
  scope: string[];
  /** Send an S256 PKCE challenge; off only where the provider does not document support for it. */
  pkce: boolean;
  /** How the client secret reaches the token endpoint: HTTP Basic or form fields. */
  clientAuthentication: 'header' | 'body';
  fetchProfile(accessToken: string): Promise<SocialProfile>;
}
