import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStorage } from '../core/plugin-api/index.js';

/** A storage under test, with a way to look behind it. */
export interface StorageUnderTest {
  storage: FileStorage;
  /** Every object the backend holds for a user, temporary ones included (to prove a failed save left nothing). */
  storedNames(userId: string): Promise<string[]>;
  /** Removes what the test made (a temp folder, a bucket …). */
  cleanup?(): Promise<void>;
}

const megabyte = 1024 * 1024;

/** Bytes in fixed-size chunks from a fixed pattern that shifts per chunk, so a large file is made without holding it whole. */
async function* generatedChunks(totalBytes: number, chunkBytes = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let sent = 0, index = 0; sent < totalBytes; sent += chunkBytes, index += 1) {
    const chunk = Buffer.alloc(Math.min(chunkBytes, totalBytes - sent));
    for (let offset = 0; offset < chunk.length; offset += 1) chunk[offset] = (offset * 31 + index * 7) & 0xff;
    yield chunk;
  }
}

/** A save body that yields each part as one chunk (a string as its UTF-8 bytes). */
export async function* bodyOf(...parts: Array<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}

/** Everything a read stream yields, in one buffer. */
export async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Everything a read stream yields, as UTF-8 text. */
export const textOf = async (stream: AsyncIterable<Uint8Array>): Promise<string> => (await readAll(stream)).toString('utf8');

/** Bytes `start`…`end` (inclusive) of what generatedChunks(totalBytes) yields, collected without the rest. */
async function generatedSlice(totalBytes: number, start: number, end: number): Promise<Buffer> {
  const slices: Buffer[] = [];
  let offset = 0;
  for await (const chunk of generatedChunks(totalBytes)) {
    const from = Math.max(start - offset, 0);
    const to = Math.min(end + 1 - offset, chunk.length);
    if (from < to) slices.push(Buffer.from(chunk.subarray(from, to)));
    offset += chunk.length;
  }
  return Buffer.concat(slices);
}

async function digest(stream: AsyncIterable<Uint8Array>): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * The behaviour every file-storage plugin must have (core/plugin-api/file-storage.ts): what is saved
 * reads back byte for byte, users stay apart, deleting is idempotent, a missing file rejects, a large
 * file streams (in parts, where a backend has them), byte ranges read as HTTP counts them, and a save that fails or is aborted part-way leaves nothing behind.
 */
export function describeFileStorageConformance(name: string, makeStorage: () => Promise<StorageUnderTest>): void {
  describe(`file storage conformance: ${name}`, () => {
    let subject: StorageUnderTest;
    beforeEach(async () => {
      subject = await makeStorage();
    });
    afterEach(async () => {
      await subject.cleanup?.();
    });

    it('reads back what it saved, byte for byte, and reports the size', async () => {
      const content = Buffer.from('hello, files ✓\n');
      const saved = await subject.storage.save({ userId: 'user-a', fileName: 'f1.txt', mediaType: 'text/plain', body: bodyOf(content) });
      expect(saved.bytes).toBe(content.length);
      expect(await readAll(await subject.storage.readStream(saved.path))).toEqual(content);
      expect(await subject.storedNames('user-a')).toEqual(['f1.txt']);
    });

    it('saves and reads back an empty file', async () => {
      const saved = await subject.storage.save({ userId: 'user-a', fileName: 'empty.txt', mediaType: 'text/plain', body: bodyOf(Buffer.alloc(0)) });
      expect(saved.bytes).toBe(0);
      expect((await readAll(await subject.storage.readStream(saved.path))).length).toBe(0);
      expect(await subject.storedNames('user-a')).toEqual(['empty.txt']);
    });

    it('keeps users apart: the same name for two users is two files', async () => {
      const first = await subject.storage.save({ userId: 'user-a', fileName: 'same.txt', mediaType: 'text/plain', body: bodyOf(Buffer.from('a')) });
      const second = await subject.storage.save({ userId: 'user-b', fileName: 'same.txt', mediaType: 'text/plain', body: bodyOf(Buffer.from('b')) });
      expect(first.path).not.toBe(second.path);
      expect((await readAll(await subject.storage.readStream(first.path))).toString()).toBe('a');
      expect((await readAll(await subject.storage.readStream(second.path))).toString()).toBe('b');
    });

    it('deletes a file, and deleting it again is not an error', async () => {
      const saved = await subject.storage.save({ userId: 'user-a', fileName: 'gone.txt', mediaType: 'text/plain', body: bodyOf(Buffer.from('x')) });
      await subject.storage.delete(saved.path);
      await expect(subject.storage.delete(saved.path)).resolves.toBeUndefined();
      await expect(subject.storage.readStream(saved.path)).rejects.toThrow();
      expect(await subject.storedNames('user-a')).toEqual([]);
    });

    it('rejects reading a file that was never saved', async () => {
      const saved = await subject.storage.save({ userId: 'user-a', fileName: 'real.txt', mediaType: 'text/plain', body: bodyOf(Buffer.from('x')) });
      const missing = saved.path.replace('real.txt', 'missing.txt');
      await expect(subject.storage.readStream(missing)).rejects.toThrow();
    });

    // Larger than two 5 MiB parts with a shorter tail, so storages that cut uploads into parts (S3's multipart) do so.
    const largeBytes = 12 * megabyte + 12345;

    it('streams a 12 MB file in and out intact', async () => {
      const expected = await digest(generatedChunks(largeBytes));
      const saved = await subject.storage.save({ userId: 'user-a', fileName: 'large.bin', mediaType: 'application/octet-stream', body: generatedChunks(largeBytes) });
      expect(saved.bytes).toBe(largeBytes);
      expect(await digest(await subject.storage.readStream(saved.path))).toEqual(expected);
      expect(await subject.storedNames('user-a')).toEqual(['large.bin']);
    });

    it('reads a byte range: start and end, start only, an end past the last byte', async () => {
      const saved = await subject.storage.save({ userId: 'user-a', fileName: 'range.txt', mediaType: 'text/plain', body: bodyOf(Buffer.from('hello, ranged world')) });
      const read = async (range: { start: number; end?: number }) => (await readAll(await subject.storage.readStream(saved.path, { range }))).toString();
      expect(await read({ start: 0, end: 4 })).toBe('hello');
      expect(await read({ start: 7, end: 12 })).toBe('ranged');
      expect(await read({ start: 14 })).toBe('world');
      expect(await read({ start: 18, end: 18 })).toBe('d');
      expect(await read({ start: 14, end: 1000 })).toBe('world');
    });

    it('reads a range inside a large file, across the 10 MiB mark, and its last bytes', async () => {
      const saved = await subject.storage.save({ userId: 'user-a', fileName: 'large-range.bin', mediaType: 'application/octet-stream', body: generatedChunks(largeBytes) });
      for (const [start, end] of [
        [10 * megabyte - 1000, 10 * megabyte + 999],
        [5 * megabyte + 3, 5 * megabyte + 3],
        [largeBytes - 100, largeBytes - 1],
      ]) {
        expect(await readAll(await subject.storage.readStream(saved.path, { range: { start, end } }))).toEqual(await generatedSlice(largeBytes, start, end));
      }
      const tail = await readAll(await subject.storage.readStream(saved.path, { range: { start: 7 * megabyte } }));
      expect(tail.length).toBe(largeBytes - 7 * megabyte);
      expect(tail.subarray(0, 64)).toEqual(await generatedSlice(largeBytes, 7 * megabyte, 7 * megabyte + 63));
    });

    it('rejects a range of a file that was never saved', async () => {
      const saved = await subject.storage.save({ userId: 'user-a', fileName: 'real.txt', mediaType: 'text/plain', body: bodyOf(Buffer.from('x')) });
      await expect(subject.storage.readStream(saved.path.replace('real.txt', 'missing.txt'), { range: { start: 0, end: 0 } })).rejects.toThrow();
    });

    it('leaves nothing when the body fails part-way', async () => {
      async function* failing(): AsyncGenerator<Uint8Array> {
        yield randomBytes(256 * 1024);
        throw new Error('client went away');
      }
      await expect(subject.storage.save({ userId: 'user-a', fileName: 'broken.bin', mediaType: 'application/octet-stream', body: failing() })).rejects.toThrow('client went away');
      expect(await subject.storedNames('user-a')).toEqual([]);
    });

    it('leaves nothing when the body fails before its first byte', async () => {
      // A backend that creates its target lazily must not create it after the failure was handled.
      async function* failingAtOnce(): AsyncGenerator<Uint8Array> {
        throw new Error('refused at once');
      }
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await expect(subject.storage.save({ userId: 'user-a', fileName: 'never.bin', mediaType: 'application/octet-stream', body: failingAtOnce() })).rejects.toThrow('refused at once');
      }
      expect(await subject.storedNames('user-a')).toEqual([]);
    });

    it('leaves nothing when the save is aborted mid-write', async () => {
      const controller = new AbortController();
      async function* slow(): AsyncGenerator<Uint8Array> {
        yield randomBytes(256 * 1024);
        controller.abort();
        yield randomBytes(256 * 1024);
      }
      await expect(
        subject.storage.save({ userId: 'user-a', fileName: 'aborted.bin', mediaType: 'application/octet-stream', body: slow() }, { signal: controller.signal }),
      ).rejects.toThrow();
      expect(await subject.storedNames('user-a')).toEqual([]);
    });

    it('answers a URL for a saved file', async () => {
      const saved = await subject.storage.save({ userId: 'user-a', fileName: 'linked.txt', mediaType: 'text/plain', body: bodyOf(Buffer.from('x')) });
      expect(await subject.storage.url(saved.path)).toMatch(/linked\.txt/);
    });
  });
}
