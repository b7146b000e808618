import { AbortMultipartUploadCommand, CreateMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startS3Double, type S3Double } from './index.js';

let double: S3Double;
let client: S3Client;
beforeEach(async () => {
  double = await startS3Double();
  client = new S3Client({ region: double.credentials.region, endpoint: double.url, forcePathStyle: true, credentials: double.credentials });
});
afterEach(async () => {
  client.destroy();
  await double.close();
});

const Bucket = 'chatbox-test';
const put = (Key: string, body: string) => client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: 'text/plain' }));

describe('s3 double, through the real client', () => {
  it('answers GetObject with the bytes, type and ETag PutObject stored', async () => {
    const stored = await put('a/b.txt', '0123456789');
    const object = await client.send(new GetObjectCommand({ Bucket, Key: 'a/b.txt' }));
    expect(await object.Body?.transformToString()).toBe('0123456789');
    expect(object.ContentType).toBe('text/plain');
    expect(object.ETag).toBe(stored.ETag);
    expect(object.ContentLength).toBe(10);
  });

  it('unwraps a streamed PutObject body (aws-chunked with a trailing CRC32) to the bytes sent', async () => {
    const chunks = [Buffer.from('streamed '), Buffer.from('in '), Buffer.from('chunks')];
    await client.send(new PutObjectCommand({ Bucket, Key: 'streamed.txt', Body: Readable.from(chunks, { objectMode: false }), ContentLength: 18 }));
    expect(double.bucket.get('streamed.txt').body.toString()).toBe('streamed in chunks');
  });

  it('answers a Range with 206 and Content-Range, and an unsatisfiable one with 416 InvalidRange', async () => {
    await put('r.txt', '0123456789');
    const middle = await client.send(new GetObjectCommand({ Bucket, Key: 'r.txt', Range: 'bytes=2-4' }));
    expect(middle.$metadata.httpStatusCode).toBe(206);
    expect(middle.ContentRange).toBe('bytes 2-4/10');
    expect(await middle.Body?.transformToString()).toBe('234');
    const rest = await client.send(new GetObjectCommand({ Bucket, Key: 'r.txt', Range: 'bytes=7-' }));
    expect(await rest.Body?.transformToString()).toBe('789');
    await expect(client.send(new GetObjectCommand({ Bucket, Key: 'r.txt', Range: 'bytes=10-' }))).rejects.toMatchObject({ name: 'InvalidRange', $metadata: { httpStatusCode: 416 } });
  });

  it('answers a missing key with 404 NoSuchKey (GetObject) and NotFound (HeadObject), and deletes idempotently', async () => {
    await expect(client.send(new GetObjectCommand({ Bucket, Key: 'none' }))).rejects.toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    await expect(client.send(new HeadObjectCommand({ Bucket, Key: 'none' }))).rejects.toMatchObject({ name: 'NotFound', $metadata: { httpStatusCode: 404 } });
    await put('gone.txt', 'x');
    expect((await client.send(new HeadObjectCommand({ Bucket, Key: 'gone.txt' }))).ContentLength).toBe(1);
    await client.send(new DeleteObjectCommand({ Bucket, Key: 'gone.txt' }));
    await client.send(new DeleteObjectCommand({ Bucket, Key: 'gone.txt' }));
    expect(double.bucket.objects.size).toBe(0);
  });

  it('lists unfinished multipart uploads under a prefix a page at a time (key and upload-id markers), and aborts them', async () => {
    const begun: Array<{ Key: string; UploadId: string }> = [];
    for (const Key of ['uploads/b.txt', 'uploads/a.txt', 'uploads/a.txt', 'other/c.txt']) {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
      begun.push({ Key, UploadId: UploadId! });
    }
    const seen: string[] = [];
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (let pages = 1; ; pages += 1) {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'uploads/', MaxUploads: 2, ...markers }));
      expect(page.MaxUploads).toBe(2);
      seen.push(...(page.Uploads ?? []).map((upload) => `${upload.Key} ${upload.UploadId}`));
      expect(page.Uploads?.every((upload) => upload.Initiated instanceof Date)).toBe(true);
      if (!page.IsTruncated) {
        expect(pages).toBe(2);
        break;
      }
      markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
    // By key, then by when each began: the two uploads of a.txt in the order they were created.
    expect(seen).toEqual([begun[1], begun[2], begun[0]].map((upload) => `${upload.Key} ${upload.UploadId}`));

    await client.send(new AbortMultipartUploadCommand({ Bucket, ...begun[1] }));
    await expect(client.send(new AbortMultipartUploadCommand({ Bucket, ...begun[1] }))).rejects.toMatchObject({ name: 'NoSuchUpload', $metadata: { httpStatusCode: 404 } });
    const left = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'uploads/' }));
    expect(left.Uploads?.map((upload) => upload.UploadId)).toEqual([begun[2].UploadId, begun[0].UploadId]);
    expect(left.IsTruncated).toBe(false);
  });

  it('answers another bucket with NoSuchBucket', async () => {
    await expect(client.send(new GetObjectCommand({ Bucket: 'elsewhere', Key: 'a' }))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});

describe('s3 double authentication', () => {
  it('refuses an unsigned request with 403 AccessDenied in an S3 XML error body', async () => {
    await put('secret.txt', 'hidden');
    const response = await fetch(`${double.url}/${Bucket}/secret.txt`);
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>AccessDenied<\/Code><Message>Access Denied<\/Message>/);
    expect(body).not.toContain('hidden');
  });

  it('refuses another access key, and a right key with a wrong secret', async () => {
    const stranger = new S3Client({ region: 'us-east-1', endpoint: double.url, forcePathStyle: true, credentials: { accessKeyId: 'AKIAOTHER', secretAccessKey: double.credentials.secretAccessKey } });
    await expect(stranger.send(new PutObjectCommand({ Bucket, Key: 'x', Body: 'x' }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
    const forger = new S3Client({ region: 'us-east-1', endpoint: double.url, forcePathStyle: true, credentials: { accessKeyId: double.credentials.accessKeyId, secretAccessKey: 'guess' } });
    await expect(forger.send(new PutObjectCommand({ Bucket, Key: 'x', Body: 'x' }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(double.bucket.objects.size).toBe(0);
  });
});
