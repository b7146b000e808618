import type { Document } from 'mongodb';
import type { Store } from '../../types.js';
import type { ExportBatch } from '../../repositories/common.js';
import { balanceDocument, transactionDocument } from '../balances.js';
import { banDocument } from '../bans.js';
import type { Collections } from '../collections.js';
import { conversationDocument } from '../conversations.js';
import { fileDocument } from '../files.js';
import { keyDocument } from '../keys.js';
import { messageDocument } from '../messages.js';
import { presetDocument } from '../presets.js';
import { sessionDocument } from '../sessions.js';
import { tokenDocument } from '../tokens.js';
import { userDocument } from '../users.js';

/** One kind of record to copy: where it is read, which document it becomes, and the key a re-run upserts by. */
export interface CopyStep {
  /** The target collection, also the step's name in progress output and migrations_progress. */
  name: keyof Collections;
  /** The SQLite table it comes from (for counting). */
  sqliteTable: string;
  read(source: Store, after: string | null, limit: number): Promise<ExportBatch<unknown>>;
  /** The document as the MongoDB driver stores it (the same mapping its repositories use). */
  toDocument(record: never): Document;
  /** The unique key of the document: re-copying replaces, never duplicates. */
  key(document: Document): Document;
}

function step<T>(
  name: keyof Collections,
  sqliteTable: string,
  read: (source: Store, after: string | null, limit: number) => Promise<ExportBatch<T>>,
  toDocument: (record: T) => Document,
  keyFields: string[],
): CopyStep {
  return { name, sqliteTable, read, toDocument: toDocument as (record: never) => Document, key: (document) => Object.fromEntries(keyFields.map((field) => [field, document[field]])) };
}

/** Users first, so a partial copy never holds records of a user it does not have. */
export const copySteps: readonly CopyStep[] = [
  step('users', 'users', (source, after, limit) => source.users.exportBatch(after, limit), userDocument, ['id']),
  step('sessions', 'refresh_sessions', (source, after, limit) => source.sessions.exportBatch(after, limit), sessionDocument, ['id']),
  step('tokens', 'one_time_tokens', (source, after, limit) => source.tokens.exportBatch(after, limit), tokenDocument, ['userId', 'purpose']),
  step('conversations', 'conversations', (source, after, limit) => source.conversations.exportBatch(after, limit), conversationDocument, ['user', 'conversationId']),
  step('messages', 'messages', (source, after, limit) => source.messages.exportBatch(after, limit), messageDocument, ['user', 'messageId']),
  step('presets', 'presets', (source, after, limit) => source.presets.exportBatch(after, limit), presetDocument, ['user', 'presetId']),
  // Still encrypted: the same CREDS_KEY opens them on the new store.
  step('keys', 'user_keys', (source, after, limit) => source.keys.exportBatch(after, limit), keyDocument, ['userId', 'name']),
  step('balances', 'balances', (source, after, limit) => source.balances.exportBatch(after, limit), balanceDocument, ['userId']),
  step('transactions', 'transactions', (source, after, limit) => source.balances.exportTransactions(after, limit), transactionDocument, ['id']),
  step('bans', 'bans', (source, after, limit) => source.bans.exportBatch(after, limit), banDocument, ['key']),
  step('files', 'files', (source, after, limit) => source.files.exportBatch(after, limit), fileDocument, ['user', 'file_id']),
];
