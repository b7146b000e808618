import type { SocialProvider } from '../../core/auth/social-providers.js';
import type { FakeOAuthProvider } from '../fake-oauth-provider.js';

export const TEST_SERVER_ORIGIN = 'http://chatbox.test';
export const TEST_CLIENT_ORIGIN = 'http://app.test';

/**
 * The environment that turns one provider on against a fake: social login and registration on,
 * the fake's client credentials, and distinct server and UI origins so redirects can be told apart.
 */
export function socialEnv(provider: SocialProvider, fake: FakeOAuthProvider, extra: Record<string, string> = {}): Record<string, string> {
  const prefix = provider.toUpperCase();
  return {
    ALLOW_SOCIAL_LOGIN: 'true',
    ALLOW_SOCIAL_REGISTRATION: 'true',
    DOMAIN_SERVER: TEST_SERVER_ORIGIN,
    DOMAIN_CLIENT: TEST_CLIENT_ORIGIN,
    [`${prefix}_CLIENT_ID`]: fake.clientId,
    [`${prefix}_CLIENT_SECRET`]: fake.clientSecret,
    ...(provider === 'openid' ? { OPENID_ISSUER: fake.url } : {}),
    ...extra,
  };
}
