import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerEnv } from '../../../config/env.js';
import { ChatboxError } from '../../errors/index.js';
import type { User } from '../../store/repositories/users.js';
import { clientUrl, resolveCallbackUrl } from './callback-url.js';
import { OAuthFlowError, type OAuthFailureReason } from './oauth-failure.js';
import type { OAuthProviderDescriptor } from './provider-descriptor.js';
import type { ProviderCredentials } from './provider-registry.js';
import { resolveSocialUser, type SocialUserRules } from './resolve-social-user.js';

/** Long enough to sign in at the provider, short enough that a stale state is useless. */
const FLOW_COOKIE_MAX_AGE_SECONDS = 10 * 60;

export interface SocialLoginOptions {
  descriptor: OAuthProviderDescriptor;
  credentials: ProviderCredentials;
  env: Pick<ServerEnv, 'DOMAIN_CLIENT' | 'DOMAIN_SERVER'>;
  rules: SocialUserRules;
}

export interface SocialLoginHandlers {
  /** GET /oauth/:provider: sets the state (and PKCE verifier) cookies and redirects to the provider. */
  start(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** GET /oauth/:provider/callback: signs the browser in and sends it to the UI, or back to /login?error=. */
  callback(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

const originAndPath = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
};

/**
 * The authorization-code flow for one provider on top of @fastify/oauth2, which owns the state and
 * PKCE cookies (signed, httpOnly, SameSite=lax, ten minutes) and the code-for-token exchange. Must be
 * registered in a context where signed cookies work (see ensureCookieSigner).
 */
export async function registerSocialLogin(app: FastifyInstance, options: SocialLoginOptions): Promise<SocialLoginHandlers> {
  const { descriptor, credentials, env, rules } = options;
  const { provider } = descriptor;
  const name = `${provider}SocialLogin`;
  const stateCookieName = `oauth_state_${provider}`;
  const verifierCookieName = `oauth_verifier_${provider}`;
  const cookie = {
    signed: true,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: (env.DOMAIN_SERVER ?? '').startsWith('https://') ? true : ('auto' as const),
    path: '/',
    maxAge: FLOW_COOKIE_MAX_AGE_SECONDS,
  };
  const authorize = originAndPath(descriptor.authorizeUrl);
  const token = originAndPath(descriptor.tokenUrl);

  await app.register(fastifyOauth2, {
    name,
    scope: descriptor.scope,
    credentials: {
      client: { id: credentials.clientId, secret: credentials.clientSecret },
      auth: { authorizeHost: authorize.host, authorizePath: authorize.path, tokenHost: token.host, tokenPath: token.path },
      options: { authorizationMethod: descriptor.clientAuthentication },
    },
    callbackUri: (request) => resolveCallbackUrl(credentials.callbackUrl, env.DOMAIN_SERVER, request),
    pkce: descriptor.pkce ? 'S256' : undefined,
    cookie,
    redirectStateCookieName: stateCookieName,
    verifierCookieName,
    userAgent: 'chatbox',
  });
  const oauth = app.getDecorator<OAuth2Namespace>(name);

  const redirectToLogin = (reply: FastifyReply, reason: OAuthFailureReason) =>
    reply.redirect(clientUrl(env.DOMAIN_CLIENT, `/login?error=${reason}`));

  const clearFlowCookies = (reply: FastifyReply) => {
    const { signed: _signed, maxAge: _maxAge, ...attributes } = cookie;
    reply.clearCookie(stateCookieName, attributes);
    reply.clearCookie(verifierCookieName, attributes);
  };

  async function exchangeAndResolve(request: FastifyRequest, reply: FastifyReply): Promise<User> {
    const { error } = request.query as { error?: unknown };
    if (typeof error === 'string') {
      clearFlowCookies(reply);
      throw new OAuthFlowError(error === 'access_denied' ? 'access_denied' : 'provider_error', `${provider} answered error=${error}`);
    }
    // Checks the state against its signed cookie (then clears both cookies) before any call to the provider.
    const tokenSet = await oauth.getAccessTokenFromAuthorizationCodeFlow(request, reply).catch((cause: Error) => {
      const reason = cause.message === 'Invalid state' ? 'invalid_state' : 'provider_error';
      throw new OAuthFlowError(reason, `${provider} token exchange failed: ${cause.message}`, { cause });
    });
    // GitHub answers a bad code with 200 and an `error` field instead of a token.
    const accessToken = tokenSet.token.access_token as unknown;
    if (typeof accessToken !== 'string' || accessToken === '') throw new OAuthFlowError('provider_error', `${provider} returned no access_token`);
    const user = await resolveSocialUser(rules, provider, await descriptor.fetchProfile(accessToken));
    await app.auth.bans.assertMaySignIn(request.ip, user.id).catch((cause: unknown) => {
      throw cause instanceof ChatboxError && cause.code === 'ban' ? new OAuthFlowError('banned', `user ${user.id} is banned`) : cause;
    });
    return user;
  }

  return {
    async start(request, reply) {
      reply.header('cache-control', 'no-store');
      try {
        return reply.redirect(await oauth.generateAuthorizationUri(request, reply));
      } catch (error) {
        request.log.error({ err: error, provider }, 'social sign-in could not start');
        return redirectToLogin(reply, 'provider_error');
      }
    },

    async callback(request, reply) {
      reply.header('cache-control', 'no-store');
      try {
        const user = await exchangeAndResolve(request, reply);
        await app.auth.signIn(reply, user);
        return reply.redirect(clientUrl(env.DOMAIN_CLIENT, '/c/new'));
      } catch (error) {
        const reason = error instanceof OAuthFlowError ? error.reason : 'provider_error';
        request.log[error instanceof OAuthFlowError ? 'warn' : 'error']({ err: error, provider, reason }, 'social sign-in refused');
        return redirectToLogin(reply, reason);
      }
    },
  };
}
