import type { ExportBatch } from './common.js';

export interface Ban {
  /** 'user:<id>' or 'ip:<address>' (signed-in abuse, admin bans), 'sign-in-ip:<address>' (the sign-in doors only: see banKey). */
  key: string;
  reason: string;
  expiresAt: Date;
  createdAt: Date;
}

export interface BansRepository {
  put(ban: Omit<Ban, 'createdAt'>): Promise<void>;
  /** Null when there is none or it has expired. */
  find(key: string, now: Date): Promise<Ban | null>;
  /** Every ban, expired ones included, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Ban>>;
  delete(key: string): Promise<boolean>;
  /**
   * Adds one violation to the count of the key for this type (each type counts on its own), restarting
   * the count when the last one is older than intervalMs; returns the count. Atomic under concurrency.
   */
  addViolation(key: string, type: string, intervalMs: number, now: Date): Promise<number>;
  /** Clears the key's counts of every type. */
  clearViolations(key: string): Promise<void>;
  deleteExpired(now: Date): Promise<number>;
}
