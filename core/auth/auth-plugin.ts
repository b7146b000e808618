import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChatboxConfig } from '../../config/types.js';
import { ChatboxError } from '../errors/index.js';
import type { User } from '../store/repositories/users.js';
import { createAccessTokens, type AccessTokens } from './access-tokens.js';
import { createBanGuard, type BanGuard } from './ban-guard.js';
import { createRefreshSessions, type IssuedRefresh, type RefreshSessions } from './refresh-sessions.js';
import { createSessionRevocations, type SessionRevocations } from './session-revocations.js';

/** How often revocations made by another process (the CLI, another instance) are read from the store. */
const REVOCATIONS_REFRESH_MS = 15_000;

export const REFRESH_COOKIE = 'refreshToken';

export interface AuthService {
  accessTokens: AccessTokens;
  refreshSessions: RefreshSessions;
  revocations: SessionRevocations;
  bans: BanGuard;
  /** preHandler for every route that needs a signed-in user: sets request.user or answers 401/403. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * preHandler for what a browser loads by URL (images): the bearer token, or else the refresh
   * cookie (as LibreChat's `secureImageLinks`): none answers 401, an invalid cookie 403.
   */
  authenticateBrowser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Starts a sign-in: a refresh family in the cookie and an access token to return. */
  signIn(reply: FastifyReply, user: User): Promise<string>;
  setRefreshCookie(reply: FastifyReply, issued: IssuedRefresh): void;
  clearRefreshCookie(reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** The signed-in user, set by app.auth.authenticate. */
    user: User | null;
  }
}

export const authPlugin = fp<{ config: ChatboxConfig }>(
  async (app, { config }) => {
    const { env, secrets } = config;
    const accessTokens = createAccessTokens(secrets.jwtSecret, env.SESSION_EXPIRY);
    const revocations = createSessionRevocations(app.store, env.SESSION_EXPIRY, app.coordination.broadcast);
    const refreshSessions = createRefreshSessions(app.store, secrets.jwtRefreshSecret, env.REFRESH_TOKEN_EXPIRY, revocations);
    const readRevocations = async () => {
      // Bans and revocations past their expiry would only make every read longer.
      await app.store.bans.deleteExpired(new Date());
      await revocations.load();
    };
    await readRevocations();
    const reload = setInterval(() => {
      readRevocations().catch((error: unknown) => app.log.warn({ err: error }, 'session revocations could not be read'));
    }, REVOCATIONS_REFRESH_MS);
    reload.unref();
    app.addHook('onClose', async () => clearInterval(reload));
    const bans = createBanGuard(app.store, env);
    const secureCookie = (env.DOMAIN_SERVER ?? '').startsWith('https://');

    const setRefreshCookie = (reply: FastifyReply, issued: IssuedRefresh) => {
      reply.setCookie(REFRESH_COOKIE, issued.token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
        path: '/',
        expires: issued.expiresAt,
      });
    };

    app.decorateRequest('user', null);
    app.decorate('auth', {
      accessTokens,
      refreshSessions,
      revocations,
      bans,
      setRefreshCookie,
      clearRefreshCookie(reply) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureCookie });
      },
      async signIn(reply, user) {
        const issued = await refreshSessions.issue(user.id);
        setRefreshCookie(reply, issued);
        return accessTokens.sign({ id: user.id, sessionId: issued.familyId });
      },
      async authenticate(request) {
        const header = request.headers.authorization ?? '';
        const claims = header.startsWith('Bearer ') ? accessTokens.verify(header.slice(7).trim()) : null;
        const user = claims && !revocations.isRevoked(claims) ? await app.store.users.findById(claims.id) : null;
        if (!user) throw new ChatboxError('unauthorized');
        await bans.assertNotBanned(request.ip, user.id);
        request.user = user;
      },
      async authenticateBrowser(request, reply) {
        const cookie = request.cookies[REFRESH_COOKIE];
        if (request.headers.authorization || !cookie) return app.auth.authenticate(request, reply);
        const userId = await refreshSessions.userIdOf(cookie);
        const user = userId ? await app.store.users.findById(userId) : null;
        if (!user) throw new ChatboxError('forbidden', 'Access Denied');
        await bans.assertNotBanned(request.ip, user.id);
        request.user = user;
      },
    } satisfies AuthService);
  },
  { name: 'chatbox-auth', dependencies: ['chatbox-store', 'chatbox-coordination'] },
);
