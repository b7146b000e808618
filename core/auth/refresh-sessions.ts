import { randomUUID } from 'node:crypto';
import type { Store } from '../store/types.js';
import { hashToken, newOpaqueToken } from './secret-hash.js';
import type { SessionRevocations } from './session-revocations.js';

export interface IssuedRefresh {
  userId: string;
  /** The sign-in: access tokens carry it, so that revoking the family refuses them too. */
  familyId: string;
  token: string;
  expiresAt: Date;
}

/**
 * Rotating refresh tokens. A sign-in starts a family; each refresh spends the presented token and
 * issues the next one in the family. Presenting a spent token means it was stolen or replayed, so
 * the whole family is revoked.
 */
export function createRefreshSessions(store: Store, secret: string, lifetimeMs: number, revocations: SessionRevocations) {
  async function revokeFamily(familyId: string, reason: string): Promise<void> {
    await revocations.revokeSession(familyId, reason);
    await store.sessions.deleteFamily(familyId);
  }

  async function issue(userId: string, familyId: string = randomUUID()): Promise<IssuedRefresh> {
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await store.sessions.create({ id: randomUUID(), userId, familyId, tokenHash: hashToken(token, secret), expiresAt });
    return { userId, familyId, token, expiresAt };
  }

  return {
    issue,
    /** The next token of the family, or null when the token is unknown, expired or reused. */
    async rotate(token: string): Promise<IssuedRefresh | null> {
      const session = await store.sessions.findByTokenHash(hashToken(token, secret));
      if (!session) return null;
      if (session.rotatedAt || !(await store.sessions.markRotated(session.id, new Date()))) {
        await revokeFamily(session.familyId, 'refresh-token-reuse');
        return null;
      }
      if (session.expiresAt.getTime() <= Date.now()) {
        await store.sessions.deleteFamily(session.familyId);
        return null;
      }
      return issue(session.userId, session.familyId);
    },
    /**
     * The user a live refresh token belongs to, without spending it: for requests only a browser's
     * cookie can authenticate (`<img src>` sends no bearer). A spent, expired or unknown token is null.
     */
    async userIdOf(token: string): Promise<string | null> {
      const session = await store.sessions.findByTokenHash(hashToken(token, secret));
      if (!session || session.rotatedAt || session.expiresAt.getTime() <= Date.now()) return null;
      return session.userId;
    },
    /** Ends the sign-in the token belongs to. */
    async revoke(token: string): Promise<void> {
      const session = await store.sessions.findByTokenHash(hashToken(token, secret));
      if (session) await revokeFamily(session.familyId, 'logout');
    },
  };
}

export type RefreshSessions = ReturnType<typeof createRefreshSessions>;
