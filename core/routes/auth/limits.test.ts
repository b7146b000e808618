import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer, registerUser } from '../../testing/build-test-server.js';

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
  it('bans the IP and the user after BAN_INTERVAL violations, with the catalogue 403', async () => {
    app = await buildTestServer({ env: { LOGIN_MAX: '1', LOGIN_WINDOW: '5', BAN_INTERVAL: '2', BAN_DURATION: '60000' } });
    const account = await registerUser(app);
    expect((await login(account.email, 'wrong-password')).statusCode).toBe(422);
    expect((await login(account.email, 'wrong-password')).statusCode).toBe(429);
    const banned = await login(account.email, 'wrong-password');
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toEqual({ code: 'ban', message: 'Your account has been temporarily banned due to violations of our service.' });
    // The IP stays banned, even with the right password.
    expect((await login(account.email, account.password)).statusCode).toBe(403);
    // The user is banned from every IP, and their bearer token stops working.
    expect((await login(account.email, account.password, '10.9.9.9')).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${account.token}` }, remoteAddress: '10.9.9.9' })).statusCode).toBe(403);
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
