import { createSigner, createVerifier } from 'fast-jwt';

export interface AccessTokenClaims {
  /** The user id. */
  id: string;
}

/** Verified tokens remembered; the oldest is forgotten first. */
const REMEMBERED_TOKENS = 1_000;

/** Short-lived HS256 access tokens carried as `Authorization: Bearer`. */
export function createAccessTokens(secret: string, lifetimeMs: number) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: lifetimeMs });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'] });
  // A client sends the same token with every request until it refreshes it. Checking its signature
  // again (decoding, two JSON parses, an HMAC) costs little when the process is busy but about
  // 0.15 ms after a pause, on the path to every first token; a token that verified once stays valid
  // until it expires, so the claims are remembered until then.
  const verified = new Map<string, { id: string; expiresAt: number }>();
  const remember = (token: string, claims: { id: string; expiresAt: number }) => {
    if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };
  return {
    sign(claims: AccessTokenClaims): string {
      return sign({ id: claims.id });
    },
    /** Null for anything but a valid, unexpired token of ours. */
    verify(token: string): AccessTokenClaims | null {
      const known = verified.get(token);
      if (known && Date.now() < known.expiresAt) return { id: known.id };
      if (known) verified.delete(token);
      try {
        const payload = verify(token) as { id?: unknown; exp?: unknown };
        if (typeof payload.id !== 'string') return null;
        if (typeof payload.exp === 'number') remember(token, { id: payload.id, expiresAt: payload.exp * 1000 });
        return { id: payload.id };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
