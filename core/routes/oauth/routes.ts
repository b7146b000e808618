import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChatboxConfig } from '../../../config/types.js';
import { clientUrl } from '../../auth/oauth/callback-url.js';
import type { OAuthEndpointOverrides, OAuthProviderDescriptor } from '../../auth/oauth/provider-descriptor.js';
import { createProviderDescriptor, enabledSocialLogins, providerCredentials } from '../../auth/oauth/provider-registry.js';
import type { SocialLoginHandlers } from '../../auth/oauth/social-login-flow.js';
import { ensureCookieSigner } from '../../auth/oauth/state-cookie-signer.js';
import type { SocialProvider } from '../../auth/social-providers.js';

export interface OAuthRoutesOptions {
  config: ChatboxConfig;
  /** Provider URLs to use instead of the public ones (tests point them at a loopback fake). */
  endpoints?: OAuthEndpointOverrides;
}

/**
 * GET /oauth/:provider and /oauth/:provider/callback for each enabled provider (plus LibreChat's
 * GET /api/auth/google). A provider that is not enabled has no route at all, so it answers 404.
 */
export async function oauthRoutes(app: FastifyInstance, { config, endpoints }: OAuthRoutesOptions): Promise<void> {
  const providers = enabledSocialLogins(config);
  if (providers.length === 0) return;
  ensureCookieSigner(app, config.secrets.jwtRefreshSecret);
  // @fastify/oauth2 and its dependencies weigh about 10 MB: loaded only when social login is on.
  const { registerSocialLogin } = await import('../../auth/oauth/social-login-flow.js');
  const rules = { store: app.store, env: config.env, allowedDomains: config.yaml.registration?.allowedDomains, balance: config.balance };

  for (const provider of providers) {
    const descriptor = await describe(app, provider, config, endpoints);
    const handlers: SocialLoginHandlers = descriptor
      ? await registerSocialLogin(app, { descriptor, credentials: providerCredentials(provider, config.env), env: config.env, rules })
      : unavailable(config);
    app.get(`/oauth/${provider}`, handlers.start);
    app.get(`/oauth/${provider}/callback`, handlers.callback);
    if (provider === 'google') app.get('/api/auth/google', handlers.start);
  }
}

/** OpenID discovery can fail at boot (issuer down, wrong URL): the rest of the server must still start. */
async function describe(
  app: FastifyInstance,
  provider: SocialProvider,
  config: ChatboxConfig,
  endpoints: OAuthEndpointOverrides | undefined,
): Promise<OAuthProviderDescriptor | null> {
  try {
    return await createProviderDescriptor(provider, config.env, endpoints);
  } catch (error) {
    app.log.error({ err: error, provider }, `social login through ${provider} is unavailable until the next restart`);
    return null;
  }
}

function unavailable(config: ChatboxConfig): SocialLoginHandlers {
  const refuse = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').redirect(clientUrl(config.env.DOMAIN_CLIENT, '/login?error=provider_unavailable'));
  return { start: refuse, callback: refuse };
}
