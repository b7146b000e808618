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
import { pluginAuthDocument } from '../plugin-auths.js';
import { actionDocument } from '../actions.js';
import { assistantDocument } from '../assistants.js';
import { presetDocument } from '../presets.js';
import { sessionDocument } from '../sessions.js';
import { shareDocument } from '../shares.js';
import { tokenDocument } from '../tokens.js';
import { userDocument } from '../users.js';
import { copyDocuments } from './copy-documents.js';
import { upsertByKey, type WriteCounts } from './write-counts.js';

/** One kind of record to copy: where it is read and how it is written, a batch at a time. */
export interface CopyStep {
  /** The step's name in progress output and migrations_progress. */
  name: string;
  /** The SQLite table it comes from (for counting). */
  sqliteTable: string;
  /** Reads the batch after `after` from the source and writes it into the target, by each record's own key. */
  copyBatch(source: Store, target: Collections, after: string | null, limit: number): Promise<CopiedBatch>;
}

export interface CopiedBatch extends WriteCounts {
  read: number;
  /** As ExportBatch's: null when the source has nothing after this batch. */
  next: string | null;
}

function step<T>(
  name: string,
  sqliteTable: string,
  read: (source: Store, after: string | null, limit: number) => Promise<ExportBatch<T>>,
  write: (target: Collections, records: T[]) => Promise<WriteCounts>,
): CopyStep {
  return {
    name,
    sqliteTable,
    async copyBatch(source, target, after, limit) {
      const batch = await read(source, after, limit);
      const written = batch.items.length > 0 ? await write(target, batch.items) : { inserted: 0, updated: 0 };
      return { ...written, read: batch.items.length, next: batch.next };
    },
  };
}

/** Writes each record as the document its repository stores, into the collection of the step's name, upserted by `keyFields`. */
function upserted<T>(name: keyof Collections, toDocument: (record: T) => Document, keyFields: string[]) {
  return (target: Collections, records: T[]) => upsertByKey(target[name], name, records.map(toDocument), keyFields);
}

/**
 * A document is far larger than a record (up to the extraction cap of 2,000,000 characters, and its
 * passages again): a batch of --batch-size of them could take gigabytes, so they go a few at a time.
 */
const documentsPerBatch = 16;

/** Users first, so a partial copy never holds records of a user it does not have; documents after the files they index. */
export const copySteps: readonly CopyStep[] = [
  step('users', 'users', (source, after, limit) => source.users.exportBatch(after, limit), upserted('users', userDocument, ['id'])),
  step('sessions', 'refresh_sessions', (source, after, limit) => source.sessions.exportBatch(after, limit), upserted('sessions', sessionDocument, ['id'])),
  step('tokens', 'one_time_tokens', (source, after, limit) => source.tokens.exportBatch(after, limit), upserted('tokens', tokenDocument, ['userId', 'purpose'])),
  step('conversations', 'conversations', (source, after, limit) => source.conversations.exportBatch(after, limit), upserted('conversations', conversationDocument, ['user', 'conversationId'])),
  step('messages', 'messages', (source, after, limit) => source.messages.exportBatch(after, limit), upserted('messages', messageDocument, ['user', 'messageId'])),
  step('presets', 'presets', (source, after, limit) => source.presets.exportBatch(after, limit), upserted('presets', presetDocument, ['user', 'presetId'])),
  // Still encrypted: the same CREDS_KEY opens them on the new store.
  step('keys', 'user_keys', (source, after, limit) => source.keys.exportBatch(after, limit), upserted('keys', keyDocument, ['userId', 'name'])),
  step('plugin auths', 'plugin_auths', (source, after, limit) => source.pluginAuths.exportBatch(after, limit), upserted('pluginAuths', pluginAuthDocument, ['userId', 'pluginKey', 'authField'])),
  step('assistants', 'assistants', (source, after, limit) => source.assistants.exportBatch(after, limit), upserted('assistants', assistantDocument, ['user', 'id'])),
  // Secrets still sealed: the same CREDS_KEY opens them on the new store.
  step('actions', 'actions', (source, after, limit) => source.actions.exportBatch(after, limit), upserted('actions', actionDocument, ['user', 'action_id'])),
  step('balances', 'balances', (source, after, limit) => source.balances.exportBatch(after, limit), upserted('balances', balanceDocument, ['userId'])),
  step('transactions', 'transactions', (source, after, limit) => source.balances.exportTransactions(after, limit), upserted('transactions', transactionDocument, ['id'])),
  step('bans', 'bans', (source, after, limit) => source.bans.exportBatch(after, limit), upserted('bans', banDocument, ['key'])),
  step('files', 'files', (source, after, limit) => source.files.exportBatch(after, limit), upserted('files', fileDocument, ['user', 'file_id'])),
  step('shares', 'shares', (source, after, limit) => source.shares.exportBatch(after, limit), upserted('shares', shareDocument, ['shareId'])),
  // The built-in document index: without it, files copied as `embedded` would be left out of every turn.
  step('documents', 'document_texts', (source, after, limit) => source.documentChunks.exportBatch(after, Math.min(limit, documentsPerBatch)), copyDocuments),
];
