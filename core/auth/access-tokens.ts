import { createSigner, createVerifier } from 'fast-jwt';

export interface AccessTokenClaims {
  /** The user id. */
  id: string;
}

/** Short-lived HS256 access tokens carried as `Authorization: Bearer`. */
export function createAccessTokens(secret: string, lifetimeMs: number) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: lifetimeMs });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'] });
  return {
    sign(claims: AccessTokenClaims): string {
      return sign({ id: claims.id });
    },
    /** Null for anything but a valid, unexpired token of ours. */
    verify(token: string): AccessTokenClaims | null {
      try {
        const payload = verify(token) as { id?: unknown };
        return typeof payload.id === 'string' ? { id: payload.id } : null;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
