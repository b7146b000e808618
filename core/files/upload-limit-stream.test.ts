import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { megabyte } from './file-limits.js';
import { UploadRejectedError } from './upload-errors.js';
import { UploadLimitStream, type UploadByteLimits } from './upload-limit-stream.js';

const chunkSize = 64 * 1024;

/** A stream of `total` bytes made one chunk at a time, on demand, counting what it made. */
function generatedUpload(total: number) {
  let produced = 0;
  const stream = new Readable({
    read() {
      if (produced >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(chunkSize, total - produced);
      produced += size;
      this.push(Buffer.alloc(size, 0x61));
    },
  });
  return { stream, produced: () => produced };
}

/** Where the bytes go (the storage backend, later): counts and drops them. */
function countingSink() {
  let received = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      callback();
    },
  });
  return { stream, received: () => received };
}

/** The error a pipeline ended with, checked to be an upload rejection. */
function rejection(outcome: unknown): UploadRejectedError {
  if (!(outcome instanceof UploadRejectedError)) throw new Error(`expected an UploadRejectedError, got ${String(outcome)}`);
  return outcome;
}

const unlimited: UploadByteLimits = {
  fileSizeLimit: 512 * megabyte, totalSizeLimit: 512 * megabyte, bytesEarlierInRequest: 0, userStorageLimit: null, userStorageUsed: 0,
};

async function upload(total: number, limits: Partial<UploadByteLimits>) {
  const source = generatedUpload(total);
  const limiter = new UploadLimitStream({ ...unlimited, ...limits });
  const sink = countingSink();
  const outcome = await pipeline(source.stream, limiter, sink.stream).then(() => null, (error: unknown) => error);
  return { outcome, produced: source.produced(), seen: limiter.bytesSeen, received: sink.received(), sourceDestroyed: source.stream.destroyed };
}

describe('UploadLimitStream', () => {
  it('stops a 50 MB upload as soon as it passes a 1 MB file limit: 413, the spec text, nothing past the limit stored', async () => {
    const limit = 1 * megabyte;
    const result = await upload(50 * megabyte, { fileSizeLimit: limit });
    const error = rejection(result.outcome);
    expect(error.status).toBe(413);
    expect(error.code).toBe('file_too_large');
    expect(error.message).toBe('File size exceeds 1 MB.');
    expect(result.seen).toBeLessThanOrEqual(limit + chunkSize);
    expect(result.received).toBeLessThanOrEqual(limit);
    // The source stops too: it made at most the chunk in hand and the one its read-ahead asked for.
    expect(result.sourceDestroyed).toBe(true);
    expect(result.produced).toBeLessThanOrEqual(limit + 2 * chunkSize);
  });

  it('passes an upload within every limit through whole and counts it', async () => {
    const total = 3 * megabyte + 123;
    const result = await upload(total, { fileSizeLimit: 3 * megabyte + 123, totalSizeLimit: 4 * megabyte, userStorageLimit: 10 * megabyte, userStorageUsed: 5 * megabyte });
    expect(result.outcome).toBeNull();
    expect(result.seen).toBe(total);
    expect(result.received).toBe(total);
  });

  it("counts the request's earlier files toward its total limit", async () => {
    const result = await upload(2 * megabyte, { totalSizeLimit: 5 * megabyte, bytesEarlierInRequest: 4 * megabyte });
    const error = rejection(result.outcome);
    expect(error.code).toBe('upload_total_too_large');
    expect(error.status).toBe(413);
    expect(error.message).toBe('The total size of the files cannot exceed 5 MB.');
    expect(result.received).toBeLessThanOrEqual(1 * megabyte);
  });

  it("refuses what would pass the user's storage quota, given what they already store", async () => {
    const result = await upload(20 * megabyte, { userStorageLimit: 10 * megabyte, userStorageUsed: 9.5 * megabyte });
    const error = rejection(result.outcome);
    expect(error.code).toBe('storage_quota_exceeded');
    expect(error.status).toBe(413);
    expect(error.message).toBe('Your file storage is full: this upload would pass your limit of 10 MB (9.5 MB used).');
    expect(result.seen).toBeLessThanOrEqual(megabyte / 2 + chunkSize);
  });

  it('refuses even an empty file once the quota is over, and names the smallest limit passed first', async () => {
    const empty = await upload(0, { userStorageLimit: megabyte, userStorageUsed: 2 * megabyte });
    expect(rejection(empty.outcome).code).toBe('storage_quota_exceeded');
    const both = await upload(4 * megabyte, { fileSizeLimit: 2 * megabyte, totalSizeLimit: 3 * megabyte });
    expect(rejection(both.outcome).code).toBe('file_too_large');
  });

  it('allows a file of exactly the limit', async () => {
    const result = await upload(2 * megabyte, { fileSizeLimit: 2 * megabyte, totalSizeLimit: 2 * megabyte });
    expect(result.outcome).toBeNull();
    expect(result.received).toBe(2 * megabyte);
  });
});
