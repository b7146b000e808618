import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestStore } from '../../testing/test-store.js';
import type { Store } from '../store/types.js';
import { createSessionRevocations } from './session-revocations.js';

const LIFETIME = 15 * 60 * 1000;
let store: Store;
afterEach(async () => {
  vi.useRealTimers();
  await store?.close();
});

describe('session revocations', () => {
  it('refuses the tokens of a revoked sign-in at once, and no other', async () => {
    store = await createTestStore();
    const revocations = createSessionRevocations(store, LIFETIME);
    const token = { id: 'user-1', sessionId: 'session-1', issuedAt: Date.now() };
    expect(revocations.isRevoked(token)).toBe(false);
    await revocations.revokeSession('session-1', 'logout');
    expect(revocations.isRevoked(token)).toBe(true);
    expect(revocations.isRevoked({ ...token, sessionId: 'session-2' })).toBe(false);
  });

  it("refuses the tokens a user had before a revocation of all their sign-ins, not the ones after", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00.000Z'), toFake: ['Date'] });
    store = await createTestStore();
    const revocations = createSessionRevocations(store, LIFETIME);
    const before = { id: 'user-1', sessionId: 'session-1', issuedAt: Date.now() };
    vi.setSystemTime(new Date('2026-11-21T12:00:00.500Z'));
    await revocations.revokeUserSessions('user-1', 'password-reset');
    vi.setSystemTime(new Date('2026-11-21T12:00:00.501Z'));
    expect(revocations.isRevoked(before)).toBe(true);
    expect(revocations.isRevoked({ id: 'user-1' })).toBe(true);
    expect(revocations.isRevoked({ id: 'user-1', sessionId: 'session-9', issuedAt: Date.now() })).toBe(false);
    expect(revocations.isRevoked({ ...before, id: 'user-2' })).toBe(false);
  });

  it('holds across a restart: a new instance reads what the last one revoked, until the tokens expired anyway', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00.000Z'), toFake: ['Date'] });
    store = await createTestStore();
    const first = createSessionRevocations(store, LIFETIME);
    const issuedAt = Date.now() - 1;
    await first.revokeSession('session-1', 'logout');
    await first.revokeUserSessions('user-2', 'password-reset');
    await store.bans.put({ key: 'ip:10.0.0.1', reason: 'logins', expiresAt: new Date(Date.now() + LIFETIME) });

    const restarted = createSessionRevocations(store, LIFETIME);
    await restarted.load();
    expect(restarted.isRevoked({ id: 'user-1', sessionId: 'session-1', issuedAt })).toBe(true);
    expect(restarted.isRevoked({ id: 'user-2', sessionId: 'session-2', issuedAt })).toBe(true);
    expect(restarted.isRevoked({ id: 'user-2', sessionId: 'session-3', issuedAt: Date.now() + 1 })).toBe(false);
    expect(restarted.isRevoked({ id: 'user-3', sessionId: 'session-4', issuedAt })).toBe(false);

    // Once every token issued before them has expired, the records have nothing left to refuse.
    vi.setSystemTime(new Date(Date.now() + LIFETIME + 1));
    const later = createSessionRevocations(store, LIFETIME);
    await later.load();
    expect(later.isRevoked({ id: 'user-2', sessionId: 'session-1', issuedAt })).toBe(false);
  });
});
