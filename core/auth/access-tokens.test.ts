import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens, SERVICE_TOKEN_LIFETIME_MS } from './access-tokens.js';

const secret = 's'.repeat(64);

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies its own tokens, again and again, and nothing else', () => {
    const tokens = createAccessTokens(secret, 60_000);
    const token = tokens.sign({ id: 'user-1', sessionId: 'session-1' });
    expect(tokens.verify(token)).toMatchObject({ id: 'user-1', sessionId: 'session-1' });
    expect(tokens.verify(token)).toMatchObject({ id: 'user-1', sessionId: 'session-1' });

    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), id: 'user-2' })).toString('base64url');
    expect(tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    expect(tokens.verify(`${token}x`)).toBeNull();
    expect(tokens.verify(createAccessTokens('t'.repeat(64), 60_000).sign({ id: 'user-1', sessionId: 'session-1' }))).toBeNull();
    expect(tokens.verify('not a token')).toBeNull();
  });

  it('carries the sign-in it belongs to and when, to the millisecond, it was signed', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00.123Z') });
    const tokens = createAccessTokens(secret, 60_000);
    expect(tokens.verify(tokens.sign({ id: 'user-1', sessionId: 'session-1' }))).toEqual({
      id: 'user-1',
      sessionId: 'session-1',
      issuedAt: Date.parse('2026-11-21T12:00:00.123Z'),
    });
  });

  it('stops accepting a token when it expires, though it verified before', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
    const tokens = createAccessTokens(secret, 60_000);
    const token = tokens.sign({ id: 'user-1', sessionId: 'session-1' });
    expect(tokens.verify(token)).toMatchObject({ id: 'user-1', sessionId: 'session-1' });
    vi.setSystemTime(new Date('2026-11-21T12:00:59Z'));
    expect(tokens.verify(token)).toMatchObject({ id: 'user-1', sessionId: 'session-1' });
    vi.setSystemTime(new Date('2026-11-21T12:01:01Z'));
    expect(tokens.verify(token)).toBeNull();
    expect(tokens.verify(token)).toBeNull();
  });

  it('keeps verifying tokens beyond the ones it remembers', () => {
    const tokens = createAccessTokens(secret, 60_000);
    const issued = Array.from({ length: 1_200 }, (_, index) => tokens.sign({ id: `user-${index}`, sessionId: `session-${index}` }));
    for (const token of issued) tokens.verify(token);
    expect(tokens.verify(issued[0])).toMatchObject({ id: 'user-0', sessionId: 'session-0' });
    expect(tokens.verify(issued[1_199])).toMatchObject({ id: 'user-1199', sessionId: 'session-1199' });
  });

  it('signs short-lived service tokens for a user that chatbox itself refuses', async () => {
    const { createVerifier } = await import('fast-jwt');
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
    const tokens = createAccessTokens(secret, 15 * 60_000);
    const token = tokens.signForService('user-1');
    // What the RAG API checks: HS256 with the shared secret, the user's id, an expiry.
    const payload: { id: string; exp: number; iat: number } = createVerifier({ key: secret, algorithms: ['HS256'] })(token);
    expect(payload.id).toBe('user-1');
    expect((payload.exp - payload.iat) * 1000).toBe(SERVICE_TOKEN_LIFETIME_MS);
    expect(tokens.verify(token)).toBeNull();
  });
});
