import { createSigner, createVerifier } from 'fast-jwt';

export interface AccessTokenClaims {
  /** The user id. */
  id: string;
  /** The sign-in (refresh family) the token belongs to: revoking it refuses the token. Absent from tokens signed before revocation existed. */
  sessionId?: string;
  /** When the token was signed, in ms (the standard `iat` has whole seconds only). */
  issuedAt?: number;
}

/** Verified tokens remembered; the oldest is forgotten first. */
const REMEMBERED_TOKENS = 1_000;

/**
 * Lifetime of a token handed to a service called for a user (LibreChat's RAG API): that service checks
 * it when a request starts, so minutes are plenty, and a leaked one soon stops working.
 */
export const SERVICE_TOKEN_LIFETIME_MS = 5 * 60 * 1000;

/** The claim that marks a service token; chatbox's own routes refuse a token that carries it. */
const SERVICE_USE = 'service';

/** Short-lived HS256 access tokens carried as `Authorization: Bearer`. */
export function createAccessTokens(secret: string, lifetimeMs: number) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: lifetimeMs });
  const signService = createSigner({ key: secret, algorithm: 'HS256', expiresIn: Math.min(lifetimeMs, SERVICE_TOKEN_LIFETIME_MS) });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'] });
  // A client sends the same token with every request until it refreshes it. Checking its signature
  // again (decoding, two JSON parses, an HMAC) costs little when the process is busy but about
  // 0.15 ms after a pause, on the path to every first token; a token that verified once stays valid
  // until it expires, so the claims are remembered until then.
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  const remember = (token: string, entry: { claims: AccessTokenClaims; expiresAt: number }) => {
    if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, entry);
  };
  return {
    sign(claims: { id: string; sessionId: string }): string {
      return sign({ id: claims.id, sid: claims.sessionId, iat_ms: Date.now() });
    },
    /**
     * A token for a service chatbox calls on a user's behalf, signed like an access token (HS256 with
     * JWT_SECRET, the user's `id`: what LibreChat's RAG API verifies and scopes by) but short-lived and
     * marked `use: 'service'`, so whoever holds it cannot call chatbox's API with it.
     */
    signForService(userId: string): string {
      return signService({ id: userId, iat_ms: Date.now(), use: SERVICE_USE });
    },
    /** Null for anything but a valid, unexpired token of ours. Revocation is the caller's check. */
    verify(token: string): AccessTokenClaims | null {
      const known = verified.get(token);
      if (known && Date.now() < known.expiresAt) return known.claims;
      if (known) verified.delete(token);
      try {
        const payload = verify(token) as { id?: unknown; sid?: unknown; iat_ms?: unknown; exp?: unknown; use?: unknown };
        if (typeof payload.id !== 'string' || payload.use !== undefined) return null;
        const claims: AccessTokenClaims = {
          id: payload.id,
          ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
          ...(typeof payload.iat_ms === 'number' ? { issuedAt: payload.iat_ms } : {}),
        };
        if (typeof payload.exp === 'number') remember(token, { claims, expiresAt: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
