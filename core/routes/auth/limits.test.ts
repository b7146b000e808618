import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer, registerUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const login = (email: string, password: string, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('login limit', () => {
  it('answers 429 after LOGIN_MAX attempts per window and IP, other IPs unaffected', async () => {
    app = await buildTestServer({ env: { LOGIN_MAX: '3', LOGIN_WINDOW: '5', BAN_VIOLATIONS: 'false' } });
    const account = await registerUser(app);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(account.email, 'wrong-password')).statusCode).toBe(422);
    const limited = await login(account.email, account.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'login_limit', message: 'Too many login attempts, please try again after 5 minutes.' });
    expect((await login(account.email, account.password, '10.0.0.2')).statusCode).toBe(200);
  });
});

describe('bans', () => {
  it('bans the address after BAN_INTERVAL violations, with the catalogue 403, but not the account it named', async () => {
    app = await buildTestServer({ env: { LOGIN_MAX: '1', LOGIN_WINDOW: '5', BAN_INTERVAL: '2', BAN_DURATION: '60000' } });
    const account = await registerUser(app);
    expect((await login(account.email, 'wrong-password')).statusCode).toBe(422);
    expect((await login(account.email, 'wrong-password')).statusCode).toBe(429);
    const banned = await login(account.email, 'wrong-password');
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toEqual({ code: 'ban', message: 'Your account has been temporarily banned due to violations of our service.' });
    // The address stays banned from signing in, even with the right password.
    expect((await login(account.email, account.password)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/auth/requestPasswordReset', payload: { email: account.email }, remoteAddress: '10.0.0.1' })).statusCode).toBe(403);
    // The owner signs in from elsewhere, and their session works from anywhere.
    expect((await login(account.email, account.password, '10.9.9.9')).statusCode).toBe(200);
    for (const ip of ['10.9.9.9', '10.0.0.1']) {
      expect((await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${account.token}` }, remoteAddress: ip })).statusCode).toBe(200);
    }
  });

  it('behind a proxy, 26 failed logins for one email from one address lock out that address, not the owner', async () => {
    app = await buildTestServer({ trustProxy: true, env: { LOGIN_ACCOUNT_DELAY: '1' } });
    const owner = await registerUser(app, { email: 'owner@example.com', password: 'owners-password' });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@example.com', password: `wrong-guess-${attempt}` }, headers: from('203.0.113.7') });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 7)).toEqual(Array(7).fill(422));
    expect(statuses.at(-1)).toBe(403);
    const ownerLogin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@example.com', password: 'owners-password' }, headers: from('198.51.100.4') });
    expect(ownerLogin.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers: { ...from('198.51.100.4'), authorization: `Bearer ${owner.token}` } })).statusCode).toBe(200);
    const refresh = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { ...from('198.51.100.4'), cookie: `refreshToken=${owner.cookie}` } });
    expect(refresh.statusCode).toBe(200);
  });

  it("slows down the account's login attempts, from every address, with a growing delay", async () => {
    // Delays long enough to stand out from a bcrypt check on busy shared cores (several hundred ms there).
    app = await buildTestServer({ env: { LOGIN_ACCOUNT_DELAY: '150', BAN_VIOLATIONS: 'false' } });
    const owner = await registerUser(app, { email: 'slow@example.com', password: 'owners-password' });
    // Three free failures, then waits of 150, 300 and 600 ms: each from its own address, so no rate limit applies.
    for (let attempt = 0; attempt < 6; attempt += 1) expect((await login(owner.email, 'wrong-password', `10.2.0.${attempt}`)).statusCode).toBe(422);
    const started = performance.now();
    expect((await login(owner.email, owner.password, '10.3.0.1')).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1200);
    // A success clears the count: the next attempt does not wait.
    const after = performance.now();
    expect((await login(owner.email, owner.password, '10.3.0.2')).statusCode).toBe(200);
    expect(performance.now() - after).toBeLessThan(1200);
  });

  it('lets the ban lapse after BAN_DURATION', async () => {
    app = await buildTestServer({ env: { LOGIN_MAX: '1', LOGIN_WINDOW: '5', BAN_INTERVAL: '1', BAN_DURATION: '50' } });
    const account = await registerUser(app);
    await login(account.email, 'wrong-password');
    expect((await login(account.email, 'wrong-password')).statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await login(account.email, account.password, '10.0.0.3')).statusCode).toBe(200);
  });
});

describe('registration limit', () => {
  it('answers 429 after REGISTER_MAX registrations per IP', async () => {
    app = await buildTestServer({ env: { REGISTER_MAX: '2', REGISTER_WINDOW: '60', BAN_VIOLATIONS: 'false' } });
    const register = (email: string) =>
      app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Some One', email, password: 'password1', confirm_password: 'password1' }, remoteAddress: '10.1.1.1' });
    expect((await register('one@example.com')).statusCode).toBe(200);
    expect((await register('two@example.com')).statusCode).toBe(200);
    const limited = await register('three@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many accounts created, please try again after 60 minutes');
  });
});
