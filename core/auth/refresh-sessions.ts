import { randomUUID } from 'node:crypto';
import type { Store } from '../store/types.js';
import { hashToken, newOpaqueToken } from './secret-hash.js';

export interface IssuedRefresh {
  userId: string;
  token: string;
  expiresAt: Date;
}

/**
 * Rotating refresh tokens. A sign-in starts a family; each refresh spends the presented token and
 * issues the next one in the family. Presenting a spent token means it was stolen or replayed, so
 * the whole family is revoked.
 */
export function createRefreshSessions(store: Store, secret: string, lifetimeMs: number) {
  async function issue(userId: string, familyId: string = randomUUID()): Promise<IssuedRefresh> {
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await store.sessions.create({ id: randomUUID(), userId, familyId, tokenHash: hashToken(token, secret), expiresAt });
    return { userId, token, expiresAt };
  }

  return {
    issue,
    /** The next token of the family, or null when the token is unknown, expired or reused. */
    async rotate(token: string): Promise<IssuedRefresh | null> {
      const session = await store.sessions.findByTokenHash(hashToken(token, secret));
      if (!session) return null;
      if (session.rotatedAt || !(await store.sessions.markRotated(session.id, new Date()))) {
        await store.sessions.deleteFamily(session.familyId);
        return null;
      }
      if (session.expiresAt.getTime() <= Date.now()) {
        await store.sessions.deleteFamily(session.familyId);
        return null;
      }
      return issue(session.userId, session.familyId);
    },
    /** Ends the sign-in the token belongs to. */
    async revoke(token: string): Promise<void> {
      const session = await store.sessions.findByTokenHash(hashToken(token, secret));
      if (session) await store.sessions.deleteFamily(session.familyId);
    },
  };
}

export type RefreshSessions = ReturnType<typeof createRefreshSessions>;
