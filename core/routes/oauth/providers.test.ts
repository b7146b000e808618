import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer, registerUser } from '../../../testing/build-test-server.js';
import { runSocialSignIn, signedInUser } from '../../../testing/fake-oauth/run-social-sign-in.js';
import { socialEnv, TEST_CLIENT_ORIGIN } from '../../../testing/fake-oauth/social-env.js';
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

async function serverFor(provider: 'google' | 'discord' | 'facebook', extraEnv: Record<string, string> = {}) {
  fake = await startFakeOAuthProvider();
  app = await buildTestServer({ env: socialEnv(provider, fake, extraEnv), oauthEndpoints: { [provider]: fake.endpoints() } });
  return { app, fake };
}

describe('Google sign-in', () => {
  it('links an existing local account by its verified email, through /api/auth/google, ending the unproven password and its sessions', async () => {
    const { app, fake } = await serverFor('google');
    const local = await registerUser(app, { email: 'ada@example.com', password: 'analytical1' });
    fake.user = { ...fake.user, id: 'google-sub-7', email: 'Ada@Example.com', emailVerified: true, name: 'Ada L.' };

    const run = await runSocialSignIn(app, '/api/auth/google');
    expect(run.authorizeUrl!.searchParams.get('scope')).toBe('openid profile email');
    expect(run.authorizeUrl!.searchParams.get('code_challenge_method')).toBe('S256');
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/c/new`);
    expect(await signedInUser(app, run.jar)).toMatchObject({ id: local.userId, provider: 'google', emailVerified: true, name: 'Test User' });
    expect(fake.tokenRequests[0].clientAuthentication).toBe('header');
    expect(await app.store.users.count()).toBe(1);
    expect((await app.store.users.findByProvider('google', 'google-sub-7'))?.id).toBe(local.userId);

    // Whoever registered the address with a password never proved they own it: that access ends.
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ada@example.com', password: 'analytical1' } });
    expect(login.statusCode).toBe(422);
    const oldSession = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `refreshToken=${local.cookie}` } });
    expect(oldSession.statusCode).toBe(401);
  });

  it('does not link on an address the provider has not verified', async () => {
    const { app, fake } = await serverFor('google');
    const local = await registerUser(app, { email: 'ada@example.com' });
    fake.user = { ...fake.user, email: 'ada@example.com', emailVerified: false };
    const run = await runSocialSignIn(app, '/oauth/google');
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/login?error=email_not_verified`);
    expect(await app.store.users.findById(local.userId)).toMatchObject({ provider: 'local', providerId: null });
  });

  it('refuses a profile without an email address', async () => {
    const { app, fake } = await serverFor('google');
    fake.user = { ...fake.user, email: null };
    const run = await runSocialSignIn(app, '/oauth/google');
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/login?error=email_required`);
  });
});

describe('Discord sign-in', () => {
  it('signs an existing social user in again by provider id, even with a new address and registration off', async () => {
    const { app, fake } = await serverFor('discord', { ALLOW_SOCIAL_REGISTRATION: 'false' });
    const existing = await app.store.users.create({
      name: 'Old Name', username: 'wumpus', email: 'old@example.com', provider: 'discord', providerId: '80351110224678912', passwordHash: null,
    });
    fake.user = { ...fake.user, id: '80351110224678912', email: 'new@example.com', username: 'wumpus' };

    const run = await runSocialSignIn(app, '/oauth/discord');
    expect(run.authorizeUrl!.searchParams.get('scope')).toBe('identify email');
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/c/new`);
    expect(await signedInUser(app, run.jar)).toMatchObject({ id: existing.id, email: 'old@example.com' });
    expect(await app.store.users.count()).toBe(1);
  });

  it('builds the avatar URL from the Discord CDN and the name from global_name', async () => {
    const { app } = await serverFor('discord');
    const run = await runSocialSignIn(app, '/oauth/discord');
    expect(await signedInUser(app, run.jar)).toMatchObject({
      provider: 'discord', name: 'Octo Cat', username: 'octocat', avatar: 'https://cdn.discordapp.com/avatars/1001/a1b2c3.png',
    });
  });
});

describe('Facebook sign-in', () => {
  it('reads the Graph API profile with the requested fields; no PKCE, the secret goes in the body', async () => {
    const { app, fake } = await serverFor('facebook');
    const run = await runSocialSignIn(app, '/oauth/facebook');
    expect(run.authorizeUrl!.searchParams.has('code_challenge')).toBe(false);
    expect(run.authorizeUrl!.searchParams.get('scope')).toBe('public_profile email');
    expect(fake.tokenRequests).toEqual([expect.objectContaining({ clientAuthentication: 'body', codeVerifier: null, error: null })]);
    expect(await signedInUser(app, run.jar)).toMatchObject({ provider: 'facebook', email: 'octo@example.com', avatar: 'https://avatars.example.com/octocat.png' });
  });
});

describe('which providers have routes', () => {
  const notFound = async (server: FastifyInstance, url: string) => {
    const response = await server.inject({ url });
    return response.statusCode === 404 && response.json().code === 'not_found';
  };

  it('answers 404 for every provider that is not enabled', async () => {
    fake = await startFakeOAuthProvider();
    app = await buildTestServer({ env: socialEnv('github', fake), oauthEndpoints: { github: fake.endpoints() } });
    expect((await app.inject({ url: '/oauth/github' })).statusCode).toBe(302);
    for (const url of ['/oauth/google', '/oauth/google/callback', '/api/auth/google', '/oauth/discord', '/oauth/facebook/callback', '/oauth/openid']) {
      expect(await notFound(app, url), url).toBe(true);
    }
  });

  it('answers 404 when ALLOW_SOCIAL_LOGIN is off, or the provider is missing from registration.socialLogins', async () => {
    fake = await startFakeOAuthProvider();
    app = await buildTestServer({ env: socialEnv('github', fake, { ALLOW_SOCIAL_LOGIN: 'false' }) });
    expect(await notFound(app, '/oauth/github')).toBe(true);
    await app.close();

    const env = { ...socialEnv('discord', fake), GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };
    app = await buildTestServer({ env, configPath: fixture('github-only.yaml') });
    expect(await notFound(app, '/oauth/discord')).toBe(true);
    expect((await app.inject({ url: '/oauth/github' })).statusCode).toBe(302);
  });

  it('/api/config reports the enabled providers and the configured order', async () => {
    fake = await startFakeOAuthProvider();
    const env = { ...socialEnv('discord', fake), GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };
    app = await buildTestServer({ env, configPath: fixture('openid-first.yaml') });
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({
      socialLogins: ['openid', 'discord', 'github'],
      githubLoginEnabled: true,
      discordLoginEnabled: true,
      googleLoginEnabled: false,
      facebookLoginEnabled: false,
      openidLoginEnabled: false,
      socialLoginEnabled: true,
      serverDomain: 'http://chatbox.test',
    });
    await app.close();

    app = await buildTestServer();
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({ githubLoginEnabled: false, socialLoginEnabled: false });
  });
});
