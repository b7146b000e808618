import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { ChatboxConfig } from '../../../config/types.js';
import { createAccounts } from '../../auth/accounts.js';
import { REFRESH_COOKIE } from '../../auth/auth-plugin.js';
import { createLimitHook } from '../../auth/limit-hook.js';
import { createLoginThrottle } from '../../auth/login-throttle.js';
import { createMailer } from '../../auth/mailer.js';
import { createPasswordReset } from '../../auth/password-reset.js';
import { ChatboxError } from '../../errors/index.js';
import { forgotPasswordRequestSchema, loginRequestSchema, registerRequestSchema, resetPasswordRequestSchema } from '../../protocol/auth.js';
import { parseInput } from '../parse.js';
import { toUserDto } from '../../presenters/user-dto.js';
import { clientOrigin } from './client-origin.js';

/** POST /api/auth/*: register, login, logout, refresh, requestPasswordReset, resetPassword. */
export async function authRoutes(app: FastifyInstance, { config }: { config: ChatboxConfig }): Promise<void> {
  const { env } = config;
  const accounts = createAccounts(app.store, config);
  const passwordReset = createPasswordReset({
    store: app.store,
    accounts,
    mailer: createMailer(env),
    secret: config.secrets.jwtRefreshSecret,
    appTitle: env.APP_TITLE ?? 'chatbox',
    returnLinkWithoutMailer: env.ALLOW_UNVERIFIED_PASSWORD_RESET_LINK,
    onMailError: (error) => app.log.error({ err: error }, 'the password reset email could not be sent'),
  });
  const bans = app.auth.bans;
  const loginThrottle = createLoginThrottle({ baseDelayMs: env.LOGIN_ACCOUNT_DELAY });

  const loginLimit = createLimitHook({
    max: env.LOGIN_MAX, windowMinutes: env.LOGIN_WINDOW, code: 'login_limit',
    violationType: 'logins', violationScore: env.LOGIN_VIOLATION_SCORE, bans, coordination: app.coordination,
  });
  const registerLimit = createLimitHook({
    max: env.REGISTER_MAX, windowMinutes: env.REGISTER_WINDOW, code: 'register_limit',
    violationType: 'registrations', violationScore: env.REGISTRATION_VIOLATION_SCORE, bans, coordination: app.coordination,
  });
  const resetLimit = createLimitHook({
    max: env.RESET_PASSWORD_MAX, windowMinutes: env.RESET_PASSWORD_WINDOW, code: 'reset_limit',
    violationType: 'reset_password', violationScore: 1, bans, coordination: app.coordination,
  });

  app.post('/api/auth/register', { preHandler: registerLimit }, async (request, reply) => {
    if (!env.ALLOW_REGISTRATION) throw new ChatboxError('registration_disabled');
    const input = parseInput(registerRequestSchema, request.body);
    const user = await accounts.register(input);
    const token = await app.auth.signIn(reply, user);
    return { token, user: toUserDto(user) };
  });

  app.post('/api/auth/login', { preHandler: loginLimit }, async (request, reply) => {
    if (!env.ALLOW_EMAIL_LOGIN) throw new ChatboxError('email_login_disabled');
    const input = parseInput(loginRequestSchema, request.body);
    const delay = loginThrottle.delayFor(input.email);
    if (delay > 0) await setTimeout(delay);
    const user = await accounts.verifyLogin(input.email, input.password);
    if (!user) {
      loginThrottle.failed(input.email);
      throw new ChatboxError('invalid_credentials');
    }
    loginThrottle.succeeded(input.email);
    // Bans of the account come from an administrator or its own signed-in abuse, never from failed logins.
    await bans.assertMaySignIn(request.ip, user.id);
    const token = await app.auth.signIn(reply, user);
    return { token, user: toUserDto(user) };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (token) await app.auth.refreshSessions.revoke(token);
    app.auth.clearRefreshCookie(reply);
    return { message: 'Logout successful' };
  });

  app.post('/api/auth/refresh', async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    // No cookie is the normal state of a signed-out visitor, not an error.
    if (!presented) return {};
    const next = await app.auth.refreshSessions.rotate(presented);
    const user = next ? await app.store.users.findById(next.userId) : null;
    if (!next || !user) {
      app.auth.clearRefreshCookie(reply);
      throw new ChatboxError('unauthorized', 'Invalid refresh token');
    }
    await bans.assertNotBanned(request.ip, user.id);
    app.auth.setRefreshCookie(reply, next);
    return { token: app.auth.accessTokens.sign({ id: user.id, sessionId: next.familyId }), user: toUserDto(user) };
  });

  app.post('/api/auth/requestPasswordReset', { preHandler: resetLimit }, async (request) => {
    const input = parseInput(forgotPasswordRequestSchema, request.body);
    return passwordReset.request(input.email, clientOrigin(request, env.DOMAIN_CLIENT));
  });

  app.post('/api/auth/resetPassword', async (request) => {
    const input = parseInput(resetPasswordRequestSchema, request.body);
    await passwordReset.reset(input);
    // The new password ended every sign-in in the store; their access tokens end now too.
    await app.auth.revocations.revokeUserSessions(input.userId, 'password-reset');
    return { message: 'Password reset was successful' };
  });
}
