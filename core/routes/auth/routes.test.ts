import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../config/index.js';
import { createSessionRevocations } from '../../auth/session-revocations.js';
import { buildServer } from '../../server/build-server.js';
import { buildTestServer, registerUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload: payload as object, headers });
const refreshCookie = (response: { cookies: Array<{ name: string; value: string }> }) => response.cookies.find((cookie) => cookie.name === 'refreshToken');

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and makes the first user the administrator', async () => {
    app = await buildTestServer();
    const response = await post('/api/auth/register', { name: 'Ada Lovelace', username: 'ada', email: 'Ada@Example.com', password: 'analytical1', confirm_password: 'analytical1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com', role: 'ADMIN', provider: 'local' });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(typeof body.token).toBe('string');
    const cookie = refreshCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const second = await registerUser(app);
    const me = await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${second.token}` } });
    expect(me.json().role).toBe('USER');
  });

  it.each([
    [{ name: '', email: 'a@b.co', password: 'password1', confirm_password: 'password1' }, 'Name is required'],
    [{ name: 'Al', email: 'a@b.co', password: 'password1', confirm_password: 'password1' }, 'Name must be at least 3 characters'],
    [{ name: 'x'.repeat(81), email: 'abc@b.co', password: 'password1', confirm_password: 'password1' }, 'Name must be less than 80 characters'],
    [{ name: 'Alan', username: 'a', email: 'abc@b.co', password: 'password1', confirm_password: 'password1' }, 'Username must be at least 2 characters'],
    [{ name: 'Alan', username: 'a'.repeat(21), email: 'abc@b.co', password: 'password1', confirm_password: 'password1' }, 'Username must be less than 20 characters'],
    [{ name: 'Alan', email: 'a@b.c', password: 'password1', confirm_password: 'password1' }, 'Email must be at least 6 characters'],
    [{ name: 'Alan', email: 'not-an-email', password: 'password1', confirm_password: 'password1' }, 'You must enter a valid email address'],
    [{ name: 'Alan', email: `${'a'.repeat(115)}@b.com`, password: 'password1', confirm_password: 'password1' }, 'Email should not be longer than 120 characters'],
    [{ name: 'Alan', email: 'abc@b.co', password: 'short', confirm_password: 'short' }, 'Password must be at least 8 characters'],
    [{ name: 'Alan', email: 'abc@b.co', password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) }, 'Password must be less than 128 characters'],
    [{ name: 'Alan', email: 'abc@b.co', password: 'password1', confirm_password: 'password2' }, 'Passwords do not match'],
    [{ name: 'Alan', email: 'abc@b.co' }, 'Password is required'],
  ])('refuses %j with "%s"', async (payload, message) => {
    app = await buildTestServer();
    const response = await post('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'validation_error' });
  });

  it('refuses a duplicate email whatever its case', async () => {
    app = await buildTestServer();
    await registerUser(app, { email: 'dup@example.com' });
    const response = await post('/api/auth/register', { name: 'Again', email: 'DUP@example.com', password: 'password1', confirm_password: 'password1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already exists/);
  });

  it('honours ALLOW_REGISTRATION=false and registration.allowedDomains', async () => {
    app = await buildTestServer({ env: { ALLOW_REGISTRATION: 'false' } });
    expect((await post('/api/auth/register', { name: 'Alan', email: 'abc@b.co', password: 'password1', confirm_password: 'password1' })).statusCode).toBe(403);
    await app.close();
    app = await buildTestServer({ configPath: new URL('./__fixtures__/allowed-domains.yaml', import.meta.url).pathname });
    const refused = await post('/api/auth/register', { name: 'Alan', email: 'alan@elsewhere.org', password: 'password1', confirm_password: 'password1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('domain_not_allowed');
    // LibreChat's own words, which its client shows as they are.
    expect(refused.json().message).toBe('The email address provided cannot be used. Please use a different email address.');
    const allowed = await post('/api/auth/register', { name: 'Alan', email: 'alan@example.com', password: 'password1', confirm_password: 'password1' });
    expect(allowed.statusCode).toBe(200);
  });

  it('answers a clear 400 for a body that is not JSON', async () => {
    app = await buildTestServer();
    const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/JSON/i);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password and refuses a wrong one with the generic text', async () => {
    app = await buildTestServer();
    const account = await registerUser(app, { email: 'login@example.com', password: 'right-password' });
    const ok = await post('/api/auth/login', { email: ' LOGIN@example.com ', password: 'right-password' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(account.userId);
    expect(refreshCookie(ok)?.value).toBeTruthy();

    const wrong = await post('/api/auth/login', { email: 'login@example.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Unable to login with the information provided. Please check your credentials and try again.');
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates the email and password rules', async () => {
    app = await buildTestServer();
    expect((await post('/api/auth/login', { email: '', password: 'whatever1' })).json().message).toBe('Email is required');
    expect((await post('/api/auth/login', { email: 'abc@example.com', password: '' })).json().message).toBe('Password is required');
  });

  it('is refused when email login is off', async () => {
    app = await buildTestServer({ env: { ALLOW_EMAIL_LOGIN: 'false' } });
    expect((await post('/api/auth/login', { email: 'abc@example.com', password: 'password1' })).statusCode).toBe(403);
  });
});

describe('refresh tokens', () => {
  it('rotates on each refresh and revokes the whole family when a spent token comes back', async () => {
    app = await buildTestServer();
    const account = await registerUser(app);
    const first = await post('/api/auth/refresh', {}, { cookie: `refreshToken=${account.cookie}` });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.id).toBe(account.userId);
    const second = refreshCookie(first)!.value;
    expect(second).not.toBe(account.cookie);

    const replay = await post('/api/auth/refresh', {}, { cookie: `refreshToken=${account.cookie}` });
    expect(replay.statusCode).toBe(401);
    // The thief's replay also ended the legitimate holder's session.
    const legit = await post('/api/auth/refresh', {}, { cookie: `refreshToken=${second}` });
    expect(legit.statusCode).toBe(401);
  });

  it('answers {} without a cookie, and logout ends the session', async () => {
    app = await buildTestServer();
    expect((await post('/api/auth/refresh', {})).json()).toEqual({});
    const account = await registerUser(app);
    const logout = await post('/api/auth/logout', {}, { cookie: `refreshToken=${account.cookie}` });
    expect(logout.statusCode).toBe(200);
    expect(refreshCookie(logout)?.value).toBe('');
    expect((await post('/api/auth/refresh', {}, { cookie: `refreshToken=${account.cookie}` })).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    app = await buildTestServer({ env: { REFRESH_TOKEN_EXPIRY: '1' } });
    const account = await registerUser(app);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await post('/api/auth/refresh', {}, { cookie: `refreshToken=${account.cookie}` })).statusCode).toBe(401);
  });
});

describe('revoked sessions', () => {
  const me = (token: string) => app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
  const signIn = async (account: { email: string; password: string }) => {
    const response = await post('/api/auth/login', { email: account.email, password: account.password });
    return { token: response.json().token as string, cookie: refreshCookie(response)!.value };
  };

  it('logout refuses that sign-in\'s access token at once, and only that one', async () => {
    app = await buildTestServer();
    const account = await registerUser(app);
    const otherDevice = await signIn(account);
    expect((await me(account.token)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, { cookie: `refreshToken=${account.cookie}` })).statusCode).toBe(200);
    expect((await me(account.token)).statusCode).toBe(401);
    expect((await me(otherDevice.token)).statusCode).toBe(200);
  });

  it('a replayed refresh token refuses the access tokens of its whole family', async () => {
    app = await buildTestServer();
    const account = await registerUser(app);
    const refreshed = await post('/api/auth/refresh', {}, { cookie: `refreshToken=${account.cookie}` });
    const newer = refreshed.json().token as string;
    expect((await me(newer)).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', {}, { cookie: `refreshToken=${account.cookie}` })).statusCode).toBe(401);
    expect((await me(newer)).statusCode).toBe(401);
    expect((await me(account.token)).statusCode).toBe(401);
  });

  it('a password reset refuses every access token handed out before it', async () => {
    app = await buildTestServer({ env: { ALLOW_UNVERIFIED_PASSWORD_RESET_LINK: 'true' } });
    const account = await registerUser(app);
    const otherDevice = await signIn(account);
    const link = new URL((await post('/api/auth/requestPasswordReset', { email: account.email })).json().link);
    const reset = await post('/api/auth/resetPassword', {
      token: link.searchParams.get('token'), userId: link.searchParams.get('userId'), password: 'brand-new-password', confirm_password: 'brand-new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(account.token)).statusCode).toBe(401);
    expect((await me(otherDevice.token)).statusCode).toBe(401);
    const fresh = await signIn({ email: account.email, password: 'brand-new-password' });
    expect((await me(fresh.token)).statusCode).toBe(200);
  });

  it('picks up, within 15 s, a revocation made by another process (the CLI, another instance)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      app = await buildTestServer();
      const account = await registerUser(app);
      // What `chatbox user reset-password` writes, from a process of its own.
      await createSessionRevocations(app.store, 15 * 60 * 1000).revokeUserSessions(account.userId, 'password-reset');
      expect((await me(account.token)).statusCode).toBe(200);
      await vi.advanceTimersByTimeAsync(15_000);
      await expect.poll(async () => (await me(account.token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a logout still refuses the token after the server restarts on the same data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chatbox-restart-'));
    try {
      const start = async () => buildServer(await loadConfig({ dataDir, env: {} }), { uiDistDir: join(dataDir, 'no-ui') });
      app = await start();
      const account = await registerUser(app);
      const otherDevice = await signIn(account);
      await post('/api/auth/logout', {}, { cookie: `refreshToken=${account.cookie}` });
      await app.close();
      app = await start();
      expect((await me(account.token)).statusCode).toBe(401);
      expect((await me(otherDevice.token)).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/user', () => {
  it('needs a valid bearer token', async () => {
    app = await buildTestServer();
    expect((await app.inject({ url: '/api/user' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/user', headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
    const account = await registerUser(app, { name: 'Grace Hopper' });
    const me = await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${account.token}` } });
    expect(me.json()).toMatchObject({ id: account.userId, _id: account.userId, name: 'Grace Hopper' });
  });

  it('refuses an expired access token', async () => {
    app = await buildTestServer({ env: { SESSION_EXPIRY: '1000' } });
    const account = await registerUser(app);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${account.token}` } })).statusCode).toBe(401);
  });
});
