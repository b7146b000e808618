import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../../core/plugin-api/index.js';
import { describeFileStorageConformance } from '../../../testing/file-storage-conformance.js';
import { startS3Double, type S3Double } from '../../../testing/s3-double/index.js';
import { s3FileStorageSettingsSchema } from './settings.js';
import { createS3FileStorage } from './s3-file-storage.js';

function storageOn(double: S3Double): FileStorage {
  return createS3FileStorage(s3FileStorageSettingsSchema.parse(double.environment));
}

/** Every object and unfinished multipart upload of a user, read through the real client (ListObjectsV2, ListMultipartUploads). */
async function storedNames(double: S3Double, userId: string): Promise<string[]> {
  const client = new S3Client({ region: double.credentials.region, endpoint: double.url, forcePathStyle: true, credentials: double.credentials });
  const names: string[] = [];
  for (const folder of ['images', 'uploads']) {
    const prefix = `${folder}/${userId}/`;
    const objects = await client.send(new ListObjectsV2Command({ Bucket: double.bucket.name, Prefix: prefix }));
    names.push(...(objects.Contents ?? []).map((object) => `${object.Key}`.slice(prefix.length)));
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: double.bucket.name, Prefix: prefix }));
    names.push(...(uploads.Uploads ?? []).map((upload) => `(unfinished) ${`${upload.Key}`.slice(prefix.length)}`));
  }
  client.destroy();
  return names.sort();
}

describeFileStorageConformance('s3', async () => {
  const double = await startS3Double();
  return { storage: storageOn(double), storedNames: (userId) => storedNames(double, userId), cleanup: () => double.close() };
});

/** The S3 operation a request the double logged was, by method and query, as S3 routes them. */
function operationOf(request: string): string {
  const [method, url] = request.split(' ');
  const query = new URL(url, 'http://double').searchParams;
  if (method === 'POST') return query.has('uploads') ? 'CreateMultipartUpload' : 'CompleteMultipartUpload';
  if (method === 'PUT') return query.has('uploadId') ? `UploadPart ${query.get('partNumber')}` : 'PutObject';
  if (method === 'DELETE') return query.has('uploadId') ? 'AbortMultipartUpload' : 'DeleteObject';
  return `${method} ${url}`;
}

async function* bytes(...chunks: Buffer[]): AsyncGenerator<Uint8Array> {
  yield* chunks;
}

describe('s3 file storage', () => {
  let double: S3Double;
  let storage: FileStorage;
  beforeEach(async () => {
    double = await startS3Double();
    storage = storageOn(double);
  });
  afterEach(() => double.close());

  it('keys images under images/<userId>/ and other files under uploads/<userId>/, as LibreChat does', async () => {
    const image = await storage.save({ userId: 'u1', fileName: 'f1.png', mediaType: 'image/png', body: bytes(Buffer.from('png')) });
    const document = await storage.save({ userId: 'u1', fileName: 'f2.pdf', mediaType: 'application/pdf', body: bytes(Buffer.from('pdf')) });
    expect(image.path).toBe('/images/u1/f1.png');
    expect(document.path).toBe('/uploads/u1/f2.pdf');
    expect([...double.bucket.objects.keys()].sort()).toEqual(['images/u1/f1.png', 'uploads/u1/f2.pdf']);
    expect(double.bucket.objects.get('images/u1/f1.png')?.contentType).toBe('image/png');
    expect(await storage.url(image.path)).toBe('/images/u1/f1.png');
  });

  it('sends a small file as one PutObject and a large one as a multipart upload of 5 MiB parts', async () => {
    await storage.save({ userId: 'u1', fileName: 'small.txt', mediaType: 'text/plain', body: bytes(Buffer.from('x')) });
    expect(double.requests.map(operationOf)).toEqual(['PutObject']);
    double.requests.length = 0;
    const large = Buffer.alloc(11 * 1024 * 1024, 7);
    const saved = await storage.save({ userId: 'u1', fileName: 'large.bin', mediaType: 'application/octet-stream', body: bytes(large) });
    expect(saved.bytes).toBe(large.length);
    expect(double.requests.map(operationOf)).toEqual(['CreateMultipartUpload', 'UploadPart 1', 'UploadPart 2', 'UploadPart 3', 'CompleteMultipartUpload']);
    expect(double.bucket.objects.get('uploads/u1/large.bin')?.etag).toMatch(/-3"$/);
    expect(double.bucket.uploads.size).toBe(0);
  });

  it('aborts the multipart upload when the body fails after some parts were sent', async () => {
    async function* failsLate(): AsyncGenerator<Uint8Array> {
      for (let part = 0; part < 3; part += 1) yield Buffer.alloc(5 * 1024 * 1024, part);
      throw new Error('client went away');
    }
    await expect(storage.save({ userId: 'u1', fileName: 'broken.bin', mediaType: 'application/octet-stream', body: failsLate() })).rejects.toThrow('client went away');
    const operations = double.requests.map(operationOf);
    expect(operations).toEqual(expect.arrayContaining(['CreateMultipartUpload', 'UploadPart 1', 'AbortMultipartUpload']));
    expect(operations).not.toContain('CompleteMultipartUpload');
    expect(double.bucket.uploads.size).toBe(0);
    expect(double.bucket.objects.size).toBe(0);
  });

  it('aborts the multipart upload when the save is aborted after parts were sent', async () => {
    const controller = new AbortController();
    async function* abortedLate(): AsyncGenerator<Uint8Array> {
      for (let part = 0; part < 2; part += 1) yield Buffer.alloc(5 * 1024 * 1024, part);
      controller.abort();
      yield Buffer.alloc(5 * 1024 * 1024, 9);
    }
    await expect(storage.save({ userId: 'u1', fileName: 'aborted.bin', mediaType: 'application/octet-stream', body: abortedLate() }, { signal: controller.signal })).rejects.toThrow();
    expect(double.requests.map(operationOf)).toEqual(expect.arrayContaining(['CreateMultipartUpload', 'AbortMultipartUpload']));
    expect(double.bucket.uploads.size).toBe(0);
    expect(double.bucket.objects.size).toBe(0);
  });

  it('takes the object back when the save is aborted while its PutObject is on the way', async () => {
    const controller = new AbortController();
    await double.close();
    double = await startS3Double({ onRequest: (request) => request.startsWith('PUT ') && controller.abort() });
    storage = storageOn(double);
    await expect(storage.save({ userId: 'u1', fileName: 'late.txt', mediaType: 'text/plain', body: bytes(Buffer.from('x')) }, { signal: controller.signal })).rejects.toThrow();
    expect(double.requests.map(operationOf)).toEqual(['PutObject', 'DeleteObject']);
    expect(double.bucket.objects.size).toBe(0);
  });

  it('aborts the multipart uploads a hard kill left open under its prefixes, begun before the cut-off only', async () => {
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const old = [double.bucket.createUpload('uploads/u1/killed.bin', 'application/octet-stream'), double.bucket.createUpload('images/u2/killed.png', 'image/png')];
    for (const upload of old) upload.initiated = new Date(hourAgo.getTime() - 1000);
    double.bucket.putPart('uploads/u1/killed.bin', old[0].uploadId, 1, Buffer.alloc(1024));
    const inFlight = double.bucket.createUpload('uploads/u1/in-flight.bin', 'application/octet-stream');
    const notOurs = double.bucket.createUpload('backups/db.tar', 'application/x-tar');
    notOurs.initiated = old[0].initiated;

    expect(await storage.removeLeftovers!({ before: hourAgo, dryRun: true })).toEqual({ count: 2, bytes: null });
    expect(double.bucket.uploads.size).toBe(4);
    expect(await storage.removeLeftovers!({ before: hourAgo })).toEqual({ count: 2, bytes: null });
    expect([...double.bucket.uploads.values()].map((upload) => upload.uploadId).sort()).toEqual([inFlight.uploadId, notOurs.uploadId].sort());
    expect(double.requests.map(operationOf).filter((operation) => operation === 'AbortMultipartUpload')).toHaveLength(2);
    expect(await storage.removeLeftovers!({ before: hourAgo })).toEqual({ count: 0, bytes: null });
  });

  it('reads a missing key as a rejection (NoSuchKey), and refuses paths it did not hand out', async () => {
    await expect(storage.readStream('/uploads/u1/none.txt')).rejects.toMatchObject({ name: 'NoSuchKey' });
    for (const path of ['/uploads/u1/../u2/a.txt', '/other/u1/a.txt', 'uploads/u1/a.txt', '/uploads/u1/.hidden', '/uploads/u1/a/b.txt']) {
      await expect(storage.readStream(path)).rejects.toThrow('Invalid file path');
      await expect(storage.delete(path)).rejects.toThrow('Invalid file path');
    }
    await expect(storage.save({ userId: '..', fileName: 'a.txt', mediaType: 'text/plain', body: bytes(Buffer.from('x')) })).rejects.toThrow('Invalid file path');
  });

  it('fails with the store\'s refusal when the access key is wrong', async () => {
    const wrongKey = createS3FileStorage(s3FileStorageSettingsSchema.parse({ ...double.environment, AWS_ACCESS_KEY_ID: 'AKIAWRONG' }));
    await expect(wrongKey.save({ userId: 'u1', fileName: 'a.txt', mediaType: 'text/plain', body: bytes(Buffer.from('x')) })).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    const wrongSecret = createS3FileStorage(s3FileStorageSettingsSchema.parse({ ...double.environment, AWS_SECRET_ACCESS_KEY: 'not-the-secret' }));
    await expect(wrongSecret.readStream('/uploads/u1/a.txt')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(double.bucket.objects.size).toBe(0);
  });
});

describe('s3 file storage settings', () => {
  const complete = { AWS_REGION: 'eu-west-1', AWS_BUCKET_NAME: 'files', AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SECRET_ACCESS_KEY: 'secret' };
  const messages = (environment: Record<string, string | undefined>) => {
    const parsed = s3FileStorageSettingsSchema.safeParse(environment);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it.each(['AWS_REGION', 'AWS_BUCKET_NAME'])('names %s when it is missing or blank', (name) => {
    expect(messages({ ...complete, [name]: undefined })).toEqual([`${name}: ${name} is required for fileStrategy: s3`]);
    expect(messages({ ...complete, [name]: '  ' })).toEqual([`${name}: ${name} is required for fileStrategy: s3`]);
  });

  it('wants both access key variables or neither (the SDK default credentials)', () => {
    expect(messages({ ...complete, AWS_SECRET_ACCESS_KEY: undefined })).toEqual(['AWS_SECRET_ACCESS_KEY: AWS_SECRET_ACCESS_KEY is required when AWS_ACCESS_KEY_ID is set (fileStrategy: s3)']);
    expect(messages({ ...complete, AWS_ACCESS_KEY_ID: '' })).toEqual(['AWS_ACCESS_KEY_ID: AWS_ACCESS_KEY_ID is required when AWS_SECRET_ACCESS_KEY is set (fileStrategy: s3)']);
    expect(s3FileStorageSettingsSchema.parse({ AWS_REGION: 'eu-west-1', AWS_BUCKET_NAME: 'files' }).credentials).toBeUndefined();
  });

  it('takes AWS_ENDPOINT_URL for S3-compatible stores and refuses one that is no http(s) URL', () => {
    expect(s3FileStorageSettingsSchema.parse({ ...complete, AWS_ENDPOINT_URL: 'http://minio:9000' }).endpoint).toBe('http://minio:9000');
    expect(messages({ ...complete, AWS_ENDPOINT_URL: 'minio:9000' })).toEqual(['AWS_ENDPOINT_URL: AWS_ENDPOINT_URL must be an http(s) URL']);
  });
});
