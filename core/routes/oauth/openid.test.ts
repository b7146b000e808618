import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestServer } from '../../../testing/build-test-server.js';
import { runSocialSignIn, signedInUser } from '../../../testing/fake-oauth/run-social-sign-in.js';
import { socialEnv, TEST_CLIENT_ORIGIN, TEST_SERVER_ORIGIN } from '../../../testing/fake-oauth/social-env.js';
import { startFakeOAuthProvider, type FakeOAuthProvider, type FakeOAuthProviderOptions } from '../../../testing/fake-oauth-provider.js';

let app: FastifyInstance | undefined;
let fake: FakeOAuthProvider | undefined;
afterEach(async () => {
  await app?.close();
  await fake?.close();
  app = undefined;
  fake = undefined;
});

async function openIdServer(options: FakeOAuthProviderOptions = {}, extraEnv: Record<string, string> = {}) {
  fake = await startFakeOAuthProvider({ user: { id: 'oidc-subject-42', username: 'octo.oidc' }, ...options });
  app = await buildTestServer({ env: socialEnv('openid', fake, extraEnv) });
  return { app, fake };
}

describe('OpenID Connect sign-in', () => {
  it('finds the endpoints through discovery and signs a new user in from userinfo', async () => {
    const { app, fake } = await openIdServer();
    const run = await runSocialSignIn(app, '/oauth/openid');
    expect(`${run.authorizeUrl!.origin}${run.authorizeUrl!.pathname}`).toBe(`${fake.url}/authorize`);
    expect(Object.fromEntries(run.authorizeUrl!.searchParams)).toMatchObject({
      client_id: fake.clientId,
      scope: 'openid profile email',
      redirect_uri: `${TEST_SERVER_ORIGIN}/oauth/openid/callback`,
      code_challenge_method: 'S256',
    });
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/c/new`);
    expect(fake.tokenRequests).toEqual([expect.objectContaining({ clientAuthentication: 'header', error: null })]);
    expect(fake.tokenRequests[0].codeVerifier).toMatch(/^[\w-]{43,}$/);
    expect(await signedInUser(app, run.jar)).toMatchObject({ provider: 'openid', username: 'octo.oidc', email: 'octo@example.com', emailVerified: true });
    expect(await app.store.users.findByProvider('openid', 'oidc-subject-42')).not.toBeNull();
  });

  it('honours OPENID_SCOPE and what the issuer supports: client_secret_post only, no S256', async () => {
    const { app, fake } = await openIdServer(
      { discovery: { token_endpoint_auth_methods_supported: ['client_secret_post'], code_challenge_methods_supported: ['plain'] } },
      { OPENID_SCOPE: 'openid email' },
    );
    const run = await runSocialSignIn(app, '/oauth/openid');
    expect(run.authorizeUrl!.searchParams.get('scope')).toBe('openid email');
    expect(run.authorizeUrl!.searchParams.has('code_challenge')).toBe(false);
    expect(fake.tokenRequests).toEqual([expect.objectContaining({ clientAuthentication: 'body', codeVerifier: null, error: null })]);
    expect(run.finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/c/new`);
  });

  it('still boots when the issuer cannot be reached, and sends the button back to the login page', async () => {
    fake = await startFakeOAuthProvider();
    const unreachable = 'http://127.0.0.1:9';
    app = await buildTestServer({
      env: { ...socialEnv('openid', fake, { OPENID_ISSUER: unreachable }), ...socialEnv('github', fake) },
      oauthEndpoints: { github: fake.endpoints() },
    });
    const openid = await app.inject({ url: '/oauth/openid' });
    expect(openid.statusCode).toBe(302);
    expect(openid.headers.location).toBe(`${TEST_CLIENT_ORIGIN}/login?error=provider_unavailable`);
    expect((await runSocialSignIn(app, '/oauth/github')).finalLocation).toBe(`${TEST_CLIENT_ORIGIN}/c/new`);
  });

  it('refuses a discovery document that names another issuer', async () => {
    const { app, fake } = await openIdServer({ discovery: { issuer: 'https://issuer.elsewhere.example' } });
    const start = await app.inject({ url: '/oauth/openid' });
    expect(start.headers.location).toBe(`${TEST_CLIENT_ORIGIN}/login?error=provider_unavailable`);
    expect(fake.authorizeRequests).toHaveLength(0);
  });
});
