import { randomUUID } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** An upload body written to a temporary file, readable as a Blob the SDKs send from disk. */
export interface SpooledFile {
  /** The bytes written. */
  bytes: number;
  /** A File backed by the temporary file: fetch reads it in slices, never into memory whole. */
  file: File;
  /** Removes the temporary file; call once the upload is done or failed. */
  remove(): Promise<void>;
}

/**
 * Writes a streamed body to a fresh temporary folder (os.tmpdir(), so TMPDIR moves it). Used by the
 * storages whose official SDK takes a Blob and not a stream (firebase's uploadBytesResumable, openai's
 * files.create): given a file-backed Blob they upload from disk chunk by chunk, while an async iterable
 * would make them collect the whole body in memory first. A body that fails or an abort removes the
 * file and rejects; nothing reaches the backend.
 */
export async function spoolToDisk(body: AsyncIterable<Uint8Array>, fileName: string, mediaType: string, signal?: AbortSignal): Promise<SpooledFile> {
  const folder = await mkdtemp(join(tmpdir(), 'chatbox-upload-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  const path = join(folder, randomUUID());
  let bytes = 0;
  try {
    await pipeline(
      body,
      async function* count(source: AsyncIterable<Uint8Array>) {
        for await (const chunk of source) {
          bytes += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(path, { flags: 'wx' }),
      { signal },
    );
    // A File over the file-backed Blob keeps it lazy: its parts are read when fetch sends them.
    const file = new File([await openAsBlob(path, { type: mediaType })], fileName, { type: mediaType });
    return { bytes, file, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
