import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../../config/env.js';
import { clientUrl, resolveCallbackUrl } from './callback-url.js';
import { enabledSocialLogins } from './provider-registry.js';
import { pickGithubEmail } from './providers/github.js';

describe('pickGithubEmail', () => {
  it('prefers the primary verified address, then any verified one, then the unverified public one', () => {
    expect(pickGithubEmail([{ email: 'a@x.io', primary: false, verified: true }, { email: 'p@x.io', primary: true, verified: true }], 'pub@x.io')).toEqual({ email: 'p@x.io', verified: true });
    expect(pickGithubEmail([{ email: 'p@x.io', primary: true, verified: false }, { email: 'a@x.io', verified: true }], null)).toEqual({ email: 'a@x.io', verified: true });
    expect(pickGithubEmail([{ email: 'p@x.io', primary: true, verified: false }], 'pub@x.io')).toEqual({ email: 'pub@x.io', verified: false });
    expect(pickGithubEmail([], undefined)).toEqual({ email: null, verified: false });
  });
});

describe('callback and client URLs', () => {
  const request = { protocol: 'https', host: 'chat.example.org' } as FastifyRequest;
  it('resolves a relative callback against DOMAIN_SERVER, else the request origin; an absolute one is kept', () => {
    expect(resolveCallbackUrl('/oauth/github/callback', 'https://api.example.org/', request)).toBe('https://api.example.org/oauth/github/callback');
    expect(resolveCallbackUrl('oauth/github/callback', undefined, request)).toBe('https://chat.example.org/oauth/github/callback');
    expect(resolveCallbackUrl('https://sso.example.org/cb', 'https://api.example.org', request)).toBe('https://sso.example.org/cb');
  });
  it('puts UI paths on DOMAIN_CLIENT when set, else keeps them relative', () => {
    expect(clientUrl('https://app.example.org/', '/c/new')).toBe('https://app.example.org/c/new');
    expect(clientUrl(undefined, '/login?error=invalid_state')).toBe('/login?error=invalid_state');
  });
});

describe('enabledSocialLogins', () => {
  const env = envSchema.parse({ ALLOW_SOCIAL_LOGIN: 'true', GITHUB_CLIENT_ID: 'i', GITHUB_CLIENT_SECRET: 's', DISCORD_CLIENT_ID: 'i', DISCORD_CLIENT_SECRET: 's', OPENID_CLIENT_ID: 'i', OPENID_CLIENT_SECRET: 's' });
  it('keeps the order of registration.socialLogins and drops providers without credentials', () => {
    expect(enabledSocialLogins({ env, yaml: { registration: { socialLogins: ['openid', 'discord', 'google', 'github'] } } as never })).toEqual(['discord', 'github']);
    expect(enabledSocialLogins({ env, yaml: {} as never })).toEqual(['github', 'discord']);
  });
});
