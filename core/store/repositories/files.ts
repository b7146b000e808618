import type { ExportBatch } from './common.js';

export type FileSource = 'local' | 'firebase' | 'openai' | 's3' | 'vectordb';

const fileSources: ReadonlySet<string> = new Set<FileSource>(['local', 'firebase', 'openai', 's3', 'vectordb']);

/** Whether a strategy name can be a record's `source` (LibreChat's enum). */
export function isFileSource(name: string): name is FileSource {
  return fileSources.has(name);
}

export interface StoredFile {
  file_id: string;
  user: string;
  filename: string;
  filepath: string;
  type: string;
  bytes: number;
  source: FileSource;
  context: string;
  embedded: boolean;
  width: number | null;
  height: number | null;
  conversationId: string | null;
  /**
   * The id the client gave the upload (its `file_id` field), kept as LibreChat keeps it so the client
   * can match the stored file to the one it is showing; null (or absent on older records) when none.
   */
  temp_file_id?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FilesRepository {
  upsert(file: Omit<StoredFile, 'createdAt' | 'updatedAt'>): Promise<StoredFile>;
  find(userId: string, fileId: string): Promise<StoredFile | null>;
  /** Every file record of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<StoredFile>>;
  /** Newest first. */
  list(userId: string): Promise<StoredFile[]>;
  delete(userId: string, fileIds: string[]): Promise<number>;
  /**
   * A message now uses these files: their `temp_file_id` is cleared, as LibreChat's `updateFileUsage`
   * unsets it once the client has swapped its id for the stored one. Ids not the user's are ignored.
   */
  clearTemporaryIds(userId: string, fileIds: readonly string[]): Promise<void>;
}
