import type { ExportBatch } from './common.js';

export type TokenType = 'prompt' | 'completion' | 'credits';

export interface Transaction {
  id: string;
  userId: string;
  conversationId: string | null;
  tokenType: TokenType;
  model: string | null;
  /** Why: 'message', 'title', 'incomplete', 'admin', 'startBalance' (the starting credits of a new account). */
  context: string;
  /** Tokens (negative when spent) or credits granted. */
  rawAmount: number;
  /** Price multiplier applied to rawAmount. */
  rate: number;
  /** rawAmount × rate: the change to the balance. */
  tokenValue: number;
  createdAt: Date;
}

export interface BalancesRepository {
  /** 0 for a user with no balance record. */
  get(userId: string): Promise<number>;
  /** Null for a user with no balance record (never granted or charged), which GET /api/balance tells apart from 0. */
  find(userId: string): Promise<number | null>;
  /** Records the transaction and applies tokenValue to the balance atomically; returns the new balance. */
  record(transaction: Omit<Transaction, 'id' | 'createdAt'>): Promise<number>;
  /** Newest first. */
  listTransactions(userId: string, page: { offset: number; limit: number }): Promise<Transaction[]>;
  /** When the user's newest transaction of this context (e.g. 'autoRefill') was recorded; null when there is none. */
  lastTransactionAt(userId: string, context: string): Promise<Date | null>;
  /** Every user that has a balance record, with it. */
  listBalances(): Promise<Array<{ userId: string; balance: number }>>;
  /** Every balance record, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<{ userId: string; balance: number }>>;
  /** Every transaction of every user (the ledger behind the balances), a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportTransactions(after: string | null, limit: number): Promise<ExportBatch<Transaction>>;
}
