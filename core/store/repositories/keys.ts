import type { ExportBatch } from './common.js';

export interface UserKey {
  userId: string;
  /** The endpoint name. */
  name: string;
  /** Encrypted by core (AES-256-GCM); the store never sees plaintext. */
  value: string;
  expiresAt: Date | null;
  updatedAt: Date;
}

export interface KeysRepository {
  upsert(key: Omit<UserKey, 'updatedAt'>): Promise<void>;
  find(userId: string, name: string): Promise<UserKey | null>;
  /** Every saved key (still encrypted) of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<UserKey>>;
  list(userId: string): Promise<UserKey[]>;
  delete(userId: string, name: string): Promise<boolean>;
  deleteAll(userId: string): Promise<number>;
  deleteExpired(now: Date): Promise<number>;
}
