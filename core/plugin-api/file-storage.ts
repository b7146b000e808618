/**
 * Where uploaded files live. A file-storage plugin moves bytes and nothing else: limits, type
 * sniffing, image resizing and ownership are core's. Each stored file record keeps the strategy name
 * it was saved with, so files stay readable after the operator changes `fileStrategy`.
 */

/** The strategy names of LibreChat's `fileStrategy`; a plugin's name is its strategy name. */
export type LibreChatFileStrategy = 'local' | 's3' | 'firebase' | 'azure_blob';

/** A file to store. */
export interface FileToSave {
  /** The owner's user id; storages keep each user's files apart (a folder, a key prefix). */
  userId: string;
  /** A unique name core chose (file id plus extension); never the user's raw file name. */
  fileName: string;
  /** The IANA media type, as sniffed by core. */
  mediaType: string;
  /** The bytes, streamed (a Node Readable fits), so large uploads never sit in memory whole. */
  body: AsyncIterable<Uint8Array>;
}

/** Where a saved file is, as the storage reports it. */
export interface StoredFile {
  /** The storage's own reference to the file (a path, an object key); core keeps it and passes it back. */
  path: string;
  /** The bytes written. */
  bytes: number;
}

/** A slice of a stored file: byte offsets, both inclusive, as an HTTP Range header counts them. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** Options for a link to a stored file. */
export interface FileUrlOptions {
  /** How long a signed link stays valid, for storages that sign them (s3, azure_blob). */
  expiresInSeconds?: number;
}

/** A storage backend, registered as a `file-storage` plugin under its strategy name. */
export interface FileStorage {
  /** The strategy name (librechat.yaml `fileStrategy`): 'local', 's3', 'firebase', 'azure_blob' … */
  strategy: string;
  /** Stores the bytes; rejects when the backend refuses or the stream fails, leaving nothing behind. */
  save(file: FileToSave, options?: { signal?: AbortSignal }): Promise<StoredFile>;
  /**
   * The bytes of a stored file, streamed; rejects when the file is missing. With `range`, only the bytes
   * from `start` to `end` (inclusive, as in an HTTP Range header; `end` defaults to the last byte).
   */
  readStream(path: string, options?: { signal?: AbortSignal; range?: ByteRange }): Promise<AsyncIterable<Uint8Array>>;
  /** Removes a stored file; a missing file is not an error (deleting twice is fine). */
  delete(path: string): Promise<void>;
  /**
   * A URL a browser can fetch the file from: a signed link for cloud storages, or the path core serves
   * itself (`/images/…`) for local storage.
   */
  url(path: string, options?: FileUrlOptions): Promise<string>;
  /**
   * False for a storage whose `url()` a browser cannot load (the OpenAI Files API wants the server's
   * key): core keeps what must be a link (profile pictures) elsewhere. Absent means true.
   */
  browserLinks?: boolean;
  /**
   * Finds, and unless `dryRun` removes, what saves cut off by a hard kill left behind (a local
   * temporary file, an S3 multipart upload never completed nor aborted). Only leftovers untouched
   * since `before` count, so a save in flight (a running server's upload) is never one. Absent for a
   * storage whose saves leave nothing behind.
   */
  removeLeftovers?(options: { before: Date; dryRun?: boolean }): Promise<StorageLeftovers>;
}

/** What `removeLeftovers` found (and removed, unless it was a dry run). */
export interface StorageLeftovers {
  count: number;
  /** Their size, when the storage can tell it cheaply; null otherwise (S3 would need a call per upload). */
  bytes: number | null;
}
