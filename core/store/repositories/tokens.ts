import type { ExportBatch } from './common.js';

export type OneTimeTokenPurpose = 'password-reset' | 'email-verification';

export interface OneTimeToken {
  userId: string;
  purpose: OneTimeTokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  createdAt: Date;
}

export interface TokensRepository {
  /** Replaces any earlier token of the same purpose for the user. */
  put(token: Omit<OneTimeToken, 'createdAt'>): Promise<void>;
  /** Finds and deletes in one step, so a token works once. Expired tokens are returned too; the caller checks. */
  take(userId: string, purpose: OneTimeTokenPurpose, tokenHash: string): Promise<OneTimeToken | null>;
  /** Every one-time token, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<OneTimeToken>>;
  deleteExpired(now: Date): Promise<number>;
}
