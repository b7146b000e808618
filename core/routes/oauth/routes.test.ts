import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer, registerUser } from '../../../testing/build-test-server.js';
import { runSocialSignIn, signedInUser } from '../../../testing/fake-oauth/run-social-sign-in.js';
import { socialEnv, TEST_CLIENT_ORIGIN, TEST_SERVER_ORIGIN } from '../../../testing/fake-oauth/social-env.js';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../../../testing/fake-oauth-provider.js';

let app: FastifyInstance | undefined;
let fake: FakeOAuthProvider | undefined;
afterEach(async () => {
  await app?.close();
  await fake?.close();
  app = undefined;
  fake = undefined;
});

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url).pathname;
const cookieOf = (response: { cookies: Array<{ name: string }> }, name: string) =>
  response.cookies.find((cookie) => cookie.name === name) as Record<string, unknown> | undefined;
const unsigned = (value: string) => value.slice(0, value.lastIndexOf('.'));

async function serverFor(provider: 'github' | 'google' | 'discord' | 'facebook', extraEnv: Record<string, string> = {}, configPath?: string) {
  fake = await startFakeOAuthProvider();
  app = await buildTestServer({ env: socialEnv(provider, fake, extraEnv), configPath, oauthEndpoints: { [provider]: fake.endpoints() } });
  return { app, fake };
}

describe('GitHub sign-in', () => {
  it('registers a new user through the whole code flow, with PKCE and signed state cookies', async () => {
    const { app, fake } = await serverFor('github');
    fake.user = { ...fake.user, publicEmail: 'public@elsewhere.org' };
    const run = await runSocialSignIn(app, '/oauth/github');

    expect(run.start.statusCode).toBe(302);
    const query = run.authorizeUrl!.searchParams;
    expect(`${run.authorizeUrl!.origin}${run.authorizeUrl!.pathname}`).toBe(`${fake.url}/authorize`);
    expect(Object.fromEntries(query)).toMatchObject({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: `${TEST_SERVER_ORIGIN}/oauth/github/callback`,
      scope: 'user:email',
      code_challenge_method: 'S256',
    });
    const stateCookie = cookieOf(run.start, 'oauth_state_github')!;
    expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 600 });
    expect(String(stateCookie.value)).not.toBe(query.get('state'));
    expect(unsigned(String(stateCookie.value))).toBe(query.get('state'));
    const verifier = unsigned(String(cookieOf(run.start, 'oauth_verifier_github')!.value));
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(query.get('code_challenge'));

    expect(run.callback!.statusCode).toBe(302);
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/c/new`);
    expect(cookieOf(run.callback!, 'refreshToken')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(run.jar.has('oauth_state_github')).toBe(false);
    expect(run.jar.has('oauth_verifier_github')).toBe(false);
    expect(fake.tokenRequests).toEqual([
      expect.objectContaining({ clientAuthentication: 'body', codeVerifier: verifier, redirectUri: `${TEST_SERVER_ORIGIN}/oauth/github/callback`, error: null }),
    ]);

    // The primary verified address of /user/emails wins over the public one of /user.
    expect(await signedInUser(app, run.jar)).toMatchObject({
      email: 'octo@example.com', emailVerified: true, provider: 'github', username: 'octocat', name: 'Octo Cat', role: 'ADMIN',
      avatar: 'https://avatars.example.com/octocat.png',
    });
    expect(await app.store.users.findByProvider('github', '1001')).toMatchObject({ email: 'octo@example.com', passwordHash: null });
  });

  it('refuses a new user when ALLOW_SOCIAL_REGISTRATION is false', async () => {
    const { app } = await serverFor('github', { ALLOW_SOCIAL_REGISTRATION: 'false' });
    const run = await runSocialSignIn(app, '/oauth/github');
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/login?error=registration_disabled`);
    expect(run.jar.has('refreshToken')).toBe(false);
    expect(await app.store.users.count()).toBe(0);
  });

  it('refuses an address outside registration.allowedDomains and accepts one inside', async () => {
    const { app, fake } = await serverFor('github', {}, fixture('allowed-domains.yaml'));
    fake.user = { ...fake.user, email: 'eve@elsewhere.org' };
    const refused = await runSocialSignIn(app, '/oauth/github');
    expect(refused.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/login?error=domain_not_allowed`);
    expect(await app.store.users.count()).toBe(0);

    fake.user = { ...fake.user, id: '2002', email: 'eve@example.com' };
    const accepted = await runSocialSignIn(app, '/oauth/github');
    expect(accepted.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/c/new`);
    expect(await signedInUser(app, accepted.jar)).toMatchObject({ email: 'eve@example.com' });
  });

  it('uses an absolute GITHUB_CALLBACK_URL as configured', async () => {
    const { app } = await serverFor('github', { GITHUB_CALLBACK_URL: 'https://login.example.org/auth/github/done' });
    const run = await runSocialSignIn(app, '/oauth/github');
    expect(run.authorizeUrl!.searchParams.get('redirect_uri')).toBe('https://login.example.org/auth/github/done');
  });

  it('resolves a relative callback URL against the request origin when DOMAIN_SERVER is unset', async () => {
    fake = await startFakeOAuthProvider();
    const { DOMAIN_SERVER: _unset, ...env } = socialEnv('github', fake);
    app = await buildTestServer({ env, oauthEndpoints: { github: fake.endpoints() } });
    const start = await app.inject({ url: '/oauth/github', headers: { host: 'chat.internal:3080' } });
    expect(new URL(String(start.headers.location)).searchParams.get('redirect_uri')).toBe('http://chat.internal:3080/oauth/github/callback');
  });

  it('marks the flow cookies Secure when the server is on https', async () => {
    const { app } = await serverFor('github', { DOMAIN_SERVER: 'https://chat.example.org' });
    const start = await app.inject({ url: '/oauth/github' });
    expect(cookieOf(start, 'oauth_state_github')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});

describe('state and provider failures', () => {
  it('refuses a callback whose state was changed, before exchanging the code', async () => {
    const { app, fake } = await serverFor('github');
    const run = await runSocialSignIn(app, '/oauth/github', { tamper: (url) => url.searchParams.set('state', 'forged-state') });
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/login?error=invalid_state`);
    expect(fake.tokenRequests).toHaveLength(0);
    expect(run.jar.has('refreshToken')).toBe(false);
  });

  it('refuses a callback that arrives without the state cookie', async () => {
    const { app, fake } = await serverFor('github');
    const run = await runSocialSignIn(app, '/oauth/github', { tamper: (_url, jar) => jar.clear() });
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/login?error=invalid_state`);
    expect(fake.tokenRequests).toHaveLength(0);
  });

  it('refuses a planted, unsigned state cookie even when it matches the query', async () => {
    const { app, fake } = await serverFor('github');
    const run = await runSocialSignIn(app, '/oauth/github', {
      tamper: (url, jar) => {
        url.searchParams.set('state', 'planted');
        jar.set('oauth_state_github', 'planted');
      },
    });
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/login?error=invalid_state`);
    expect(fake.tokenRequests).toHaveLength(0);
  });

  it('does not sign in twice with a replayed callback', async () => {
    const { app, fake } = await serverFor('github');
    let replayCookies: Record<string, string> = {};
    const run = await runSocialSignIn(app, '/oauth/github', { tamper: (_url, jar) => (replayCookies = Object.fromEntries(jar)) });
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/c/new`);
    const replay = await app.inject({ url: `${run.callbackUrl!.pathname}${run.callbackUrl!.search}`, cookies: replayCookies });
    expect(replay.headers.location).toBe(`${TEST_CLIENT_ORIGIN}/login?error=provider_error`);
    expect(fake.tokenRequests.map((request) => request.error)).toEqual([null, 'invalid_grant']);
    expect(cookieOf(replay, 'refreshToken')).toBeUndefined();
  });

  it('sends the browser back with access_denied when the user refuses consent', async () => {
    const { app, fake } = await serverFor('github');
    fake.denyConsent = true;
    const run = await runSocialSignIn(app, '/oauth/github');
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/login?error=access_denied`);
    expect(fake.tokenRequests).toHaveLength(0);
  });

  it('answers provider_error when the token endpoint refuses the client', async () => {
    const { app, fake } = await serverFor('github', { GITHUB_CLIENT_SECRET: 'not-the-secret' });
    const run = await runSocialSignIn(app, '/oauth/github');
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/login?error=provider_error`);
    expect(fake.tokenRequests[0].error).toBe('invalid_client');
    expect(await app.store.users.count()).toBe(0);
  });

  it('refuses a banned user', async () => {
    const { app } = await serverFor('github');
    const first = await runSocialSignIn(app, '/oauth/github');
    const user = await signedInUser(app, first.jar);
    await app.store.bans.put({ key: `user:${String(user!.id)}`, reason: 'test', expiresAt: new Date(Date.now() + 60_000) });
    const second = await runSocialSignIn(app, '/oauth/github');
    expect(second.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/login?error=banned`);
  });
});
