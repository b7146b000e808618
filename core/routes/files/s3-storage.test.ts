import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChatTestServer } from '../../../testing/build-chat-test-server.js';
import { bearer, buildTestServer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { clientUpload, multipartBody, type FormPart } from '../../../testing/multipart-body.js';
import { startS3Double, type S3Double } from '../../../testing/s3-double/index.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';
import { NO_PARENT } from '../../chat/message-tree.js';

// fileStrategy: s3 end to end: the routes, the s3 plugin and the real AWS SDK against the S3 double.
let double: S3Double;
let yaml: ReturnType<typeof writeYamlFile>;
let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

beforeEach(async () => {
  double = await startS3Double();
  yaml = writeYamlFile('fileStrategy: s3\n');
});
afterEach(async () => {
  await app?.close();
  await double.close();
  yaml.remove();
});

const start = async () => {
  ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins, configPath: yaml.path, env: double.environment }));
};

async function post(account: SignedInUser, url: string, parts: FormPart[]) {
  const { payload, headers } = await multipartBody(parts);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(account) } });
}

const redPng = async () => new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } }).png().toBuffer());
const get = (account: SignedInUser, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { ...bearer(account), ...headers } });

describe('fileStrategy: s3', () => {
  it('stores an upload as an object, serves it to its owner only (whole and by range), and deletes it', async () => {
    await start();
    const uploaded = await post(alice, '/api/files', clientUpload({ content: 'kept in a bucket', fileName: 'notes.txt', type: 'text/plain' }));
    expect(uploaded.statusCode).toBe(200);
    const file = uploaded.json();
    expect(file).toMatchObject({ source: 's3', filename: 'notes.txt', bytes: 16, filepath: `/uploads/${alice.userId}/${file.file_id}.txt` });
    expect(double.bucket.get(`uploads/${alice.userId}/${file.file_id}.txt`).body.toString()).toBe('kept in a bucket');

    const download = `/api/files/download/${alice.userId}/${file.file_id}`;
    const whole = await get(alice, download);
    expect([whole.statusCode, whole.body]).toEqual([200, 'kept in a bucket']);
    expect(JSON.parse(String(whole.headers['x-file-metadata']))).toMatchObject({ source: 's3' });
    const ranged = await get(alice, download, { range: 'bytes=8-' });
    expect([ranged.statusCode, ranged.body, ranged.headers['content-range']]).toEqual([206, 'a bucket', 'bytes 8-15/16']);
    const linked = await get(alice, file.filepath);
    expect([linked.statusCode, linked.body, linked.headers['content-type']]).toEqual([200, 'kept in a bucket', 'application/octet-stream']);

    expect((await get(bob, download)).statusCode).toBe(403);
    expect((await get(bob, `/api/files/download/${bob.userId}/${file.file_id}`)).statusCode).toBe(404);
    expect((await get(bob, file.filepath)).statusCode).toBe(403);
    const bobsFolder = await get(bob, file.filepath.replace(alice.userId, bob.userId));
    expect(bobsFolder.statusCode).toBe(404);
    expect(bobsFolder.body).not.toContain('bucket');

    const deleted = await app.inject({ method: 'DELETE', url: '/api/files', payload: { files: [{ file_id: file.file_id }] }, headers: bearer(alice) });
    expect(deleted.statusCode).toBe(200);
    expect(double.bucket.objects.size).toBe(0);
    expect((await get(alice, download)).statusCode).toBe(404);
  });

  it('stores an image under images/<userId>/ and serves it at /images/... to its owner only', async () => {
    await start();
    const uploaded = await post(alice, '/api/files/images', clientUpload({ content: await redPng(), fileName: 'red.png', type: 'image/png' }, [['width', '40'], ['height', '30']]));
    expect(uploaded.statusCode).toBe(200);
    const image = uploaded.json();
    expect(image).toMatchObject({ source: 's3', filepath: `/images/${alice.userId}/${image.file_id}.png`, width: 40, height: 30 });
    expect([...double.bucket.objects.keys()]).toEqual([`images/${alice.userId}/${image.file_id}.png`]);

    const served = await app.inject({ method: 'GET', url: image.filepath, headers: { cookie: `refreshToken=${alice.cookie}` } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    const refused = await app.inject({ method: 'GET', url: image.filepath, headers: { cookie: `refreshToken=${bob.cookie}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
  });

  it('sends an image stored in the bucket to the model (read back through the s3 storage)', async () => {
    const chat = await buildChatTestServer({ configPath: yaml.path, env: { TITLE_CONVO: 'false', ...double.environment } });
    try {
      chat.upstreams.openai.control.configure({ reply: 'Red.' });
      const { payload, headers } = await multipartBody(clientUpload({ content: await redPng(), fileName: 'red.png', type: 'image/png' }, [['width', '40'], ['height', '30']]));
      const image = (await chat.app.inject({ method: 'POST', url: '/api/files/images', payload, headers: { ...headers, authorization: `Bearer ${chat.token}` } })).json();
      expect(image.source).toBe('s3');
      const files = [{ file_id: image.file_id, filepath: image.filepath, type: image.type, width: image.width, height: image.height }];
      const { frames } = await chat.ask({ text: 'Which colour?', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', files });
      expect(frames.at(-1)!.data.final).toBe(true);
      const sent = chat.upstreams.openai.control.requests.filter((request) => request.method === 'POST').at(-1)!.body;
      const url: string = sent.messages.at(-1).content[1].image_url.url;
      expect(Buffer.from(url.split(',')[1], 'base64')).toEqual(double.bucket.get(image.filepath.slice(1)).body);
    } finally {
      await chat.close();
    }
  });

  it('keeps an avatar in the bucket, serves it, and deletes the one it replaces', async () => {
    await start();
    const avatar = async () => (await post(alice, '/api/files/images/avatar', [['input', { content: await redPng(), fileName: 'me.png', type: 'image/png' }], ['manual', 'true']])).json().url;
    const first = await avatar();
    expect(first).toMatch(new RegExp(`^/images/${alice.userId}/avatar-\\d+\\.png\\?manual=true$`));
    expect((await get(alice, first)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = await avatar();
    expect(second).not.toBe(first);
    expect([...double.bucket.objects.keys()]).toEqual([second.split('?')[0].slice(1)]);
    expect((await get(alice, second)).statusCode).toBe(200);
    expect((await get(alice, first)).statusCode).toBe(404);
  });

  it('reads s3 records on a server whose strategy is local again, and answers no storage without the variables', async () => {
    double.bucket.put('uploads/u1/f1.txt', Buffer.from('saved while s3 was the strategy'), 'text/plain');
    app = await buildTestServer({ plugins: fileStoragePlugins, env: double.environment });
    expect(app.chat.fileStorages.current?.source).toBe('local');
    const s3 = await app.chat.fileStorages.forSource('s3');
    const chunks: Buffer[] = [];
    for await (const chunk of await s3!.readStream('/uploads/u1/f1.txt')) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('saved while s3 was the strategy');
    await app.close();
    app = await buildTestServer({ plugins: fileStoragePlugins });
    expect(await app.chat.fileStorages.forSource('s3')).toBeNull();
  });

  it.each(['AWS_REGION', 'AWS_BUCKET_NAME'])('stops the server at start, naming %s, when it is missing', async (name) => {
    await expect(buildTestServer({ plugins: fileStoragePlugins, configPath: yaml.path, env: { ...double.environment, [name]: '' } })).rejects.toThrow(
      expect.objectContaining({ issues: [{ path: `s3.${name}`, message: `${name} is required for fileStrategy: s3` }] }),
    );
  });
});
