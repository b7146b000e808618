import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordResetWarning, RESET_BY_ADMINISTRATOR_MESSAGE, RESET_MAILED_MESSAGE } from '../../auth/password-reset.js';
import { buildTestServer, registerUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
let smtp: SMTPServer | undefined;
afterEach(async () => {
  await app?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  smtp = undefined;
});

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
const linkParts = (link: string) => {
  const url = new URL(link);
  return { token: url.searchParams.get('token')!, userId: url.searchParams.get('userId')! };
};

describe('password reset without email', () => {
  it('makes no link by default, answers a known and an unknown email alike, and tells the user to ask the administrator', async () => {
    app = await buildTestServer();
    const account = await registerUser(app, { email: 'victim@example.com' });
    const known = await post('/api/auth/requestPasswordReset', { email: 'victim@example.com' });
    const unknown = await post('/api/auth/requestPasswordReset', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_BY_ADMINISTRATOR_MESSAGE });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({ emailEnabled: false, passwordResetEnabled: false });
    // No reset token was made for the account at all.
    expect((await app.store.tokens.exportBatch(null, 10)).items).toEqual([]);
    expect((await post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('warns at start either way, louder when the operator opted in to links', () => {
    const base = { EMAIL_SERVICE: undefined, EMAIL_HOST: undefined };
    expect(passwordResetWarning({ ...base, ALLOW_UNVERIFIED_PASSWORD_RESET_LINK: false })).toMatch(/chatbox user reset-password/);
    expect(passwordResetWarning({ ...base, ALLOW_UNVERIFIED_PASSWORD_RESET_LINK: true })).toMatch(/take over/);
    expect(passwordResetWarning({ ...base, EMAIL_HOST: 'smtp.example.com', ALLOW_UNVERIFIED_PASSWORD_RESET_LINK: false })).toBeNull();
  });

  it('with ALLOW_UNVERIFIED_PASSWORD_RESET_LINK, returns a single-use link that sets the new password and ends old sessions', async () => {
    app = await buildTestServer({ env: { DOMAIN_CLIENT: 'https://chat.example.com', ALLOW_UNVERIFIED_PASSWORD_RESET_LINK: 'true' } });
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({ emailEnabled: false, passwordResetEnabled: true });
    const account = await registerUser(app, { email: 'forgetful@example.com', password: 'old-password' });
    const requested = await post('/api/auth/requestPasswordReset', { email: 'forgetful@example.com' });
    expect(requested.statusCode).toBe(200);
    const link: string = requested.json().link;
    expect(link).toMatch(/^https:\/\/chat\.example\.com\/reset-password\?token=.+&userId=/);
    const { token, userId } = linkParts(link);
    expect(userId).toBe(account.userId);

    const mismatch = await post('/api/auth/resetPassword', { token, userId, password: 'new-password', confirm_password: 'other-password' });
    expect(mismatch.json().message).toBe('Passwords do not match');
    const reset = await post('/api/auth/resetPassword', { token, userId, password: 'new-password', confirm_password: 'new-password' });
    expect(reset.statusCode).toBe(200);

    expect((await post('/api/auth/login', { email: account.email, password: 'old-password' })).statusCode).toBe(422);
    expect((await post('/api/auth/login', { email: account.email, password: 'new-password' })).statusCode).toBe(200);
    const again = await post('/api/auth/resetPassword', { token, userId, password: 'third-password', confirm_password: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_reset_token');
    const refresh = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `refreshToken=${account.cookie}` } });
    expect(refresh.statusCode).toBe(401);

    const unknown = await post('/api/auth/requestPasswordReset', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: RESET_MAILED_MESSAGE });
  });

  it('refuses a missing token or user id with the spec texts', async () => {
    app = await buildTestServer();
    expect((await post('/api/auth/resetPassword', { userId: 'x', password: 'password1', confirm_password: 'password1' })).json().message).toBe('Unable to process: No valid reset token');
    expect((await post('/api/auth/resetPassword', { token: 'x', password: 'password1', confirm_password: 'password1' })).json().message).toBe('Unable to process: No valid user id');
  });
});

describe('password reset by email', () => {
  it('mails the link over SMTP and does not return it', async () => {
    const received: string[] = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    app = await buildTestServer({ env: { EMAIL_HOST: '127.0.0.1', EMAIL_PORT: String(port), EMAIL_FROM: 'chatbox@example.com', DOMAIN_CLIENT: 'http://localhost:3080' } });
    const account = await registerUser(app, { email: 'mailme@example.com' });
    const requested = await post('/api/auth/requestPasswordReset', { email: 'mailme@example.com' });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: RESET_MAILED_MESSAGE });
    const unknown = await post('/api/auth/requestPasswordReset', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(requested.json());
    // The mail goes out after the answer, so that a known email does not answer later than an unknown one.
    await expect.poll(() => received.length).toBe(1);
    const mail = received[0].replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(mail).toContain('To: mailme@example.com');
    const link = mail.match(/http:\/\/localhost:3080\/reset-password\?token=[^\s]+/)![0];
    const { token, userId } = linkParts(link);
    expect(userId).toBe(account.userId);
    const reset = await post('/api/auth/resetPassword', { token, userId, password: 'mailed-password', confirm_password: 'mailed-password' });
    expect(reset.statusCode).toBe(200);
    const config = await app.inject({ url: '/api/config' });
    expect(config.json()).toMatchObject({ emailEnabled: true, passwordResetEnabled: true });
  });

  it('answers as usual when the mail cannot be sent, and logs why', async () => {
    const logged: string[] = [];
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    app = await buildTestServer({
      env: { EMAIL_HOST: '127.0.0.1', EMAIL_PORT: String(closedPort) },
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    });
    await registerUser(app, { email: 'unlucky@example.com' });
    const requested = await post('/api/auth/requestPasswordReset', { email: 'unlucky@example.com' });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: RESET_MAILED_MESSAGE });
    await expect.poll(() => logged.join('\n'), { timeout: 5000 }).toMatch(/the password reset email could not be sent/);
  });
});
