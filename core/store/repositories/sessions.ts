import type { ExportBatch } from './common.js';

/** One refresh token of a sign-in. A family is one sign-in; each rotation adds a row to it. */
export interface RefreshSession {
  id: string;
  userId: string;
  familyId: string;
  /** sha256 of the refresh token; the token itself is never stored. */
  tokenHash: string;
  expiresAt: Date;
  /** Set when this token was exchanged for the next one; presenting it again is reuse. */
  rotatedAt: Date | null;
  createdAt: Date;
}

export interface SessionsRepository {
  create(session: Omit<RefreshSession, 'createdAt' | 'rotatedAt'>): Promise<RefreshSession>;
  findByTokenHash(tokenHash: string): Promise<RefreshSession | null>;
  /** Marks the session rotated only if it was not yet; false when another request rotated it first. */
  markRotated(id: string, at: Date): Promise<boolean>;
  deleteFamily(familyId: string): Promise<number>;
  deleteByUser(userId: string): Promise<number>;
  /** Every refresh session, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<RefreshSession>>;
  deleteExpired(now: Date): Promise<number>;
}
