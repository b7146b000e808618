import type { Store } from '../store/types.js';
import { buildConversation } from './build-conversation.js';
import { ImportError, type ImportFormatName } from './imported-conversation.js';
import { readSource, type SourceItem } from './read-source.js';
import { isRecord, stringOf } from './source-values.js';

/** A conversation that was not imported, by its title (or position), and why. */
export interface ImportFailure {
  name: string;
  reason: string;
}

export interface ImportResult {
  /** The format of the file's first conversation; null when none was read. */
  format: ImportFormatName | null;
  imported: number;
  /** Already imported before (same file, same user): left as they are. */
  skipped: number;
  /** The first failures (up to maxListedFailures); failedCount counts them all. */
  failed: ImportFailure[];
  failedCount: number;
  /** Set when the file itself broke off (not JSON, cut short): conversations before the break stay imported. */
  error: string | null;
}

export interface ImportProgress {
  /** Conversations handled so far, whatever their outcome. */
  processed: number;
  imported: number;
  skipped: number;
  failed: number;
}

export interface ImportOptions {
  store: Store;
  userId: string;
  /** The file's bytes, read as the import goes (a request part, a file stream). */
  input: AsyncIterable<Buffer | string>;
  onProgress?: (progress: ImportProgress) => void;
}

// A file of tens of thousands of broken items must not grow the answer without bound.
export const maxListedFailures = 1000;

/**
 * Imports an export file into one user's conversations: formats by content, one conversation in
 * memory at a time, each written whole or not at all. A malformed conversation, or one the store
 * refuses, is reported and skipped; one imported before (same ids) is skipped.
 */
export async function importConversations({ store, userId, input, onProgress }: ImportOptions): Promise<ImportResult> {
  const result: ImportResult = { format: null, imported: 0, skipped: 0, failed: [], failedCount: 0, error: null };
  const fail = (name: string, reason: string) => {
    result.failedCount += 1;
    if (result.failed.length < maxListedFailures) result.failed.push({ name, reason });
  };
  try {
    for await (const item of readSource(input)) {
      result.format ??= item.format?.name ?? null;
      const outcome = await storeItem(store, userId, item);
      if (outcome === 'imported') result.imported += 1;
      else if (outcome === 'skipped') result.skipped += 1;
      else fail(nameOf(item), outcome.reason);
      onProgress?.({ processed: result.imported + result.skipped + result.failedCount, imported: result.imported, skipped: result.skipped, failed: result.failedCount });
    }
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    result.error = error.message;
  }
  return result;
}

/** What became of one conversation: written, there already (same ids), or refused and why. */
export type ItemOutcome = 'imported' | 'skipped' | { reason: string };

/** Writes one conversation of a source whole, or not at all. Shared with the export-all archive's import. */
export async function storeItem(store: Store, userId: string, item: SourceItem): Promise<ItemOutcome> {
  const records = readItem(userId, item);
  if ('reason' in records) return records;
  try {
    return (await store.conversations.insertWithMessages(records.conversation, records.messages)) ? 'imported' : 'skipped';
  } catch (error) {
    // One the database refuses (a MongoDB document over 16 MB …) is that conversation's failure; nothing of it was kept.
    return { reason: `it could not be stored: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function readItem(userId: string, item: SourceItem): ReturnType<typeof buildConversation> | { reason: string } {
  if (!item.format) return { reason: 'it is not a conversation of a known export format' };
  try {
    return buildConversation(userId, item.format.name, item.format.read(item.value, item.index));
  } catch (error) {
    // Anything a reader trips over in a strange conversation concerns that conversation only.
    return { reason: error instanceof Error ? error.message : String(error) };
  }
}

/** How the report names a conversation: its title in any format's spelling, else its position. */
export function nameOf(item: SourceItem): string {
  const value = item.value;
  const title = isRecord(value) ? (stringOf(value.title) ?? stringOf(value.name) ?? (isRecord(value.chat) ? stringOf(value.chat.title) : undefined)) : undefined;
  return title?.trim() || `Conversation ${item.index + 1}`;
}
