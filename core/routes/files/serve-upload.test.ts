import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { clientUpload, multipartBody } from '../../../testing/multipart-body.js';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

afterEach(async () => {
  await app?.close();
});

/** Alice uploads an image and a text file; answers their records. */
async function aliceUploads(): Promise<{ image: { filepath: string; file_id: string }; text: { filepath: string } }> {
  ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins }));
  const png = new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } }).png().toBuffer());
  const imageForm = await multipartBody(clientUpload({ content: png, fileName: 'red.png', type: 'image/png' }, [['width', '40'], ['height', '30']]));
  const image = await app.inject({ method: 'POST', url: '/api/files/images', payload: imageForm.payload, headers: { ...imageForm.headers, ...bearer(alice) } });
  const textForm = await multipartBody(clientUpload({ content: '<script>alert(1)</script>', fileName: 'page.html', type: 'text/html' }));
  const text = await app.inject({ method: 'POST', url: '/api/files', payload: textForm.payload, headers: { ...textForm.headers, ...bearer(alice) } });
  expect([image.statusCode, text.statusCode]).toEqual([200, 200]);
  return { image: image.json(), text: text.json() };
}

const cookie = (account: SignedInUser) => ({ cookie: `refreshToken=${account.cookie}` });

describe('GET /uploads/:userId/:fileName', () => {
  it('streams the owner her image by her session cookie (as <img src> loads it), privately cached', async () => {
    const { image } = await aliceUploads();
    for (const headers of [cookie(alice), bearer(alice)]) {
      const response = await app.inject({ method: 'GET', url: image.filepath, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toMatch(/^private/);
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    }
  });

  it('answers 403 to another user (cookie or bearer) and 401 to no session', async () => {
    const { image } = await aliceUploads();
    for (const headers of [cookie(bob), bearer(bob)]) {
      const response = await app.inject({ method: 'GET', url: image.filepath, headers });
      expect(response.statusCode).toBe(403);
      expect(response.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
    }
    // Bob naming his own folder with Alice's file name finds nothing of hers.
    const inOwnFolder = await app.inject({ method: 'GET', url: image.filepath.replace(alice.userId, bob.userId), headers: cookie(bob) });
    expect(inOwnFolder.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: image.filepath })).statusCode).toBe(401);
  });

  it('refuses a cookie that is not a live session (403 Access Denied)', async () => {
    const { image } = await aliceUploads();
    const response = await app.inject({ method: 'GET', url: image.filepath, headers: { cookie: 'refreshToken=not-a-session' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Access Denied');
  });

  it('answers 404 for a missing file and for names that try to leave the folder', async () => {
    await aliceUploads();
    for (const name of ['nothing.png', '..%2F..%2Fsecrets.png', '.hidden.partial']) {
      const response = await app.inject({ method: 'GET', url: `/uploads/${alice.userId}/${name}`, headers: cookie(alice) });
      expect(response.statusCode).toBe(404);
    }
  });

  it('hands a non-image only as a download, never inline', async () => {
    const { text } = await aliceUploads();
    const response = await app.inject({ method: 'GET', url: text.filepath, headers: cookie(alice) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toMatch(/^attachment/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
