import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { startS3Double, type S3Double } from '../../../testing/s3-double/index.js';
import { streamUpload } from '../../../testing/stream-upload.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';

// Large uploads over real HTTP with fileStrategy: s3: they go out in multipart parts while the client
// still sends, and an upload that fails part-way leaves neither an object nor an unfinished upload.
let double: S3Double;
let yaml: ReturnType<typeof writeYamlFile>;
let app: FastifyInstance;

afterEach(async () => {
  await app?.close();
  await double?.close();
  yaml?.remove();
});

const megabyte = 1024 * 1024;

async function startServer(yamlBody: string): Promise<{ port: number; alice: SignedInUser }> {
  double = await startS3Double();
  yaml = writeYamlFile(`fileStrategy: s3\n${yamlBody}`);
  const started = await twoSignedInUsers({ plugins: fileStoragePlugins, configPath: yaml.path, env: double.environment });
  app = started.app;
  return { port: Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port), alice: started.alice };
}

/** Waits until the bucket holds no object and no unfinished multipart upload (the server cleans up on its own time). */
async function bucketEmptied(): Promise<void> {
  for (let attempt = 0; attempt < 100 && double.bucket.objects.size + double.bucket.uploads.size > 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
}

const operations = () => double.requests.map((request) => request.split('?')[1] ?? '');

describe('POST /api/files over HTTP with fileStrategy: s3', () => {
  it('stores a 24 MB upload as a multipart object and answers its ranges', async () => {
    const { port, alice } = await startServer('');
    const result = await streamUpload(port, alice.token, 24 * megabyte);
    expect(result.status).toBe(200);
    const file = JSON.parse(result.body);
    expect(file).toMatchObject({ source: 's3', bytes: 24 * megabyte });
    expect(operations().filter((query) => query.includes('x-id=UploadPart'))).toHaveLength(5);
    const object = double.bucket.get(file.filepath.slice(1));
    expect(object.body.length).toBe(24 * megabyte);
    expect(double.bucket.uploads.size).toBe(0);
    const response = await fetch(`http://127.0.0.1:${port}/api/files/download/${alice.userId}/${file.file_id}`, { headers: { authorization: `Bearer ${alice.token}`, range: `bytes=${20 * megabyte}-${20 * megabyte + 9}` } });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.alloc(10, 'a'));
  });

  it('aborts the multipart upload of an upload the client abandons part-way', async () => {
    const { port, alice } = await startServer('');
    await streamUpload(port, alice.token, 50 * megabyte, { abortAfterBytes: 16 * megabyte });
    await bucketEmptied();
    expect(operations().some((query) => query.includes('x-id=UploadPart'))).toBe(true);
    expect(double.requests.some((request) => request.startsWith('DELETE ') && request.includes('uploadId='))).toBe(true);
    expect([double.bucket.objects.size, double.bucket.uploads.size]).toEqual([0, 0]);
    expect(await app.store.files.list(alice.userId)).toEqual([]);
  });

  it('answers 413 past the limit and aborts the parts already sent', async () => {
    const { port, alice } = await startServer('fileConfig:\n  endpoints:\n    openAI:\n      fileSizeLimit: 12\n');
    const result = await streamUpload(port, alice.token, 200 * megabyte);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ message: 'File size exceeds 12 MB.', code: 'file_too_large' });
    await bucketEmptied();
    expect(operations().some((query) => query.includes('x-id=UploadPart'))).toBe(true);
    expect([double.bucket.objects.size, double.bucket.uploads.size]).toEqual([0, 0]);
  });
});
