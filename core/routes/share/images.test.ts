import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { clientUpload, multipartBody } from '../../../testing/multipart-body.js';

const rootMessageId = '00000000-0000-0000-0000-000000000000';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

afterEach(async () => {
  await app?.close();
});

async function uploadPng(): Promise<{ file_id: string; filepath: string; type: string; width: number; height: number; bytes: number }> {
  const png = new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a78c8' } }).png().toBuffer());
  const { payload, headers } = await multipartBody(clientUpload({ content: png, fileName: 'map.png', type: 'image/png' }, [['width', '40'], ['height', '30']]));
  const response = await app.inject({ method: 'POST', url: '/api/files/images', payload, headers: { ...headers, ...bearer(alice) } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Alice's conversation whose question carries an uploaded image, an SVG and a document. */
async function sharedConversationWithImage() {
  const image = await uploadPng();
  const conversationId = randomUUID();
  await app.store.conversations.upsert({ conversationId, user: alice.userId, title: 'Maps', endpoint: 'openAI', model: 'gpt-4o' });
  const files = [
    { file_id: image.file_id, filename: 'map.png', filepath: image.filepath, type: image.type, width: image.width, height: image.height },
    { file_id: randomUUID(), filename: 'logo.svg', filepath: '/uploads/x/logo.svg', type: 'image/svg+xml' },
    { file_id: randomUUID(), filename: 'notes.pdf', filepath: '/uploads/x/notes.pdf', type: 'application/pdf' },
  ];
  await app.store.messages.upsert({ messageId: randomUUID(), conversationId, user: alice.userId, parentMessageId: rootMessageId, sender: 'User', text: 'What is on this map?', isCreatedByUser: true, error: false, unfinished: false, files });
  const { shareId } = (await app.inject({ method: 'POST', url: `/api/share/${conversationId}`, headers: bearer(alice) })).json();
  const page = await app.inject({ method: 'GET', url: `/api/share/${shareId}` });
  return { image, shareId, page };
}

describe('images of a shared conversation', () => {
  it('are served through the share by their own ids, to anyone with the link; SVG and documents are not', async () => {
    ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins }));
    const { image, shareId, page } = await sharedConversationWithImage();
    const [message] = page.json().messages;
    expect(message.images).toEqual([{ imageId: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'image/png', width: 40, height: 30 }]);
    expect(message.attachmentCount).toBe(2);
    expect(page.body).not.toContain(image.file_id);
    expect(page.body).not.toContain(alice.userId);

    const url = `/api/share/${shareId}/images/${message.images[0].imageId}`;
    for (const headers of [{}, bearer(bob)]) {
      const served = await app.inject({ method: 'GET', url, headers });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.length).toBe(image.bytes);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    }

    expect((await app.inject({ method: 'GET', url: `/api/share/${shareId}/images/${randomUUID()}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/share/${shareId}/images/${image.file_id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/share/${shareId}/images/not-an-id` })).statusCode).toBe(404);
  });

  it('are gone once the link is revoked or the owner deletes the file', async () => {
    ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins }));
    const first = await sharedConversationWithImage();
    const firstUrl = `/api/share/${first.shareId}/images/${first.page.json().messages[0].images[0].imageId}`;
    await app.inject({ method: 'DELETE', url: `/api/share/${first.shareId}`, headers: bearer(alice) });
    expect((await app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);

    const second = await sharedConversationWithImage();
    const secondUrl = `/api/share/${second.shareId}/images/${second.page.json().messages[0].images[0].imageId}`;
    expect((await app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(200);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/files', headers: bearer(alice), payload: { files: [{ file_id: second.image.file_id }] } });
    expect(deleted.statusCode).toBe(200);
    const gone = await app.inject({ method: 'GET', url: secondUrl });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Image not found');
  });
});
