import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../store/sqlite/index.js';
import type { Store } from '../../store/types.js';
import { OAuthFlowError } from './oauth-failure.js';
import type { SocialProfile } from './provider-descriptor.js';
import { resolveSocialUser, type SocialUserRules } from './resolve-social-user.js';

let store: Store;
beforeEach(() => {
  store = createSqliteStore({ filename: ':memory:' });
});
afterEach(async () => {
  await store.close();
});

const profile = (overrides: Partial<SocialProfile> = {}): SocialProfile => ({
  providerId: 'p-1', email: 'grace@example.com', emailVerified: true, name: 'Grace Hopper', username: 'grace', avatar: 'https://img.example/g.png', ...overrides,
});
const rules = (overrides: Partial<SocialUserRules> = {}): SocialUserRules => ({
  store, env: { ALLOW_SOCIAL_REGISTRATION: true }, allowedDomains: undefined, balance: { enabled: false, startBalance: 0, autoRefill: null }, ...overrides,
});
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof OAuthFlowError ? error.reason : `unexpected ${String(error)}`),
  );

describe('resolveSocialUser', () => {
  it('creates the first account as administrator and later ones as users, with the profile data', async () => {
    const first = await resolveSocialUser(rules(), 'github', profile({ email: 'Grace@Example.com' }));
    expect(first).toMatchObject({ email: 'grace@example.com', provider: 'github', providerId: 'p-1', role: 'ADMIN', emailVerified: true, passwordHash: null });
    const second = await resolveSocialUser(rules(), 'github', profile({ providerId: 'p-2', email: 'alan@example.com', name: '  ', username: '' }));
    expect(second).toMatchObject({ role: 'USER', name: 'alan' });
  });

  it('credits a new account with the start balance when balances are on, and only then', async () => {
    const credited = await resolveSocialUser(rules({ balance: { enabled: true, startBalance: 500, autoRefill: null } }), 'github', profile());
    expect(await store.balances.get(credited.id)).toBe(500);
    const again = await resolveSocialUser(rules({ balance: { enabled: true, startBalance: 500, autoRefill: null } }), 'github', profile());
    expect(await store.balances.get(again.id)).toBe(500);
    const off = await resolveSocialUser(rules({ balance: { enabled: false, startBalance: 500, autoRefill: null } }), 'github', profile({ providerId: 'p-9', email: 'off@example.com' }));
    expect(await store.balances.get(off.id)).toBe(0);
  });

  it('finds a linked account by provider id, whatever address the provider now reports', async () => {
    const created = await resolveSocialUser(rules(), 'discord', profile());
    const again = await resolveSocialUser(rules({ env: { ALLOW_SOCIAL_REGISTRATION: false } }), 'discord', profile({ email: 'renamed@example.com' }));
    expect(again.id).toBe(created.id);
    // The same id at another provider is another person.
    expect((await resolveSocialUser(rules(), 'github', profile({ email: 'other@example.com' }))).id).not.toBe(created.id);
  });

  it('links an account by verified address, keeping its avatar, and refuses an unverified one', async () => {
    const local = await store.users.create({ name: 'Grace', username: '', email: 'grace@example.com', provider: 'local', passwordHash: 'hash', avatar: 'mine.png' });
    expect(await reasonOf(resolveSocialUser(rules(), 'google', profile({ emailVerified: false })))).toBe('email_not_verified');
    const linked = await resolveSocialUser(rules(), 'google', profile());
    expect(linked).toMatchObject({ id: local.id, provider: 'google', providerId: 'p-1', emailVerified: true, avatar: 'mine.png', passwordHash: null });
  });

  it('applies registration.allowedDomains to new, linked and returning accounts', async () => {
    const restricted = rules({ allowedDomains: ['example.com'] });
    expect(await reasonOf(resolveSocialUser(restricted, 'github', profile({ email: 'x@elsewhere.org' })))).toBe('domain_not_allowed');
    await resolveSocialUser(rules(), 'github', profile({ providerId: 'p-9', email: 'y@elsewhere.org' }));
    expect(await reasonOf(resolveSocialUser(restricted, 'github', profile({ providerId: 'p-9', email: null })))).toBe('domain_not_allowed');
  });

  it('refuses a new account without an address or with social registration closed', async () => {
    expect(await reasonOf(resolveSocialUser(rules(), 'github', profile({ email: null })))).toBe('email_required');
    expect(await reasonOf(resolveSocialUser(rules({ env: { ALLOW_SOCIAL_REGISTRATION: false } }), 'github', profile()))).toBe('registration_disabled');
    expect(await store.users.count()).toBe(0);
  });
});
