import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, type SignedInUser } from '../../../testing/build-test-server.js';
import { multipartBody, type FormPart } from '../../../testing/multipart-body.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';

let server: AssistantsTestServer;
afterEach(async () => {
  await server?.close();
});

const picture = async (width: number, height: number) => new Uint8Array(await sharp({ create: { width, height, channels: 3, background: '#3366ff' } }).png().toBuffer());

async function uploadAvatar(id: string, parts: FormPart[], account?: SignedInUser) {
  const { payload, headers } = await multipartBody(parts);
  return server.app.inject({ method: 'POST', url: `/api/assistants/avatar/${id}?model=gpt-4o`, payload, headers: { ...headers, ...bearer(account ?? server.alice) } });
}

describe('POST /api/assistants/avatar/:id', () => {
  it('stores a 150 px square in the author’s folder, sets metadata.avatar, and replaces the previous one', async () => {
    server = await startAssistantsServer();
    const assistant = (await server.request('POST', '/api/assistants', { name: 'Pictured', model: 'gpt-4o', metadata: { topic: 'art' } })).json();
    const first = await uploadAvatar(assistant.id, [['file', { content: await picture(400, 200), fileName: 'me.png', type: 'image/png' }], ['metadata', JSON.stringify({ avatar: 'http://evil.test/x.png' })]]);
    expect(first.statusCode).toBe(201);
    const avatar = first.json().metadata.avatar;
    expect(first.json()).toEqual({ ...assistant, metadata: { topic: 'art', author: server.alice.userId, avatar: expect.any(String), avatar_source: 'local' } });
    expect(avatar).toMatch(new RegExp(`^/uploads/${server.alice.userId}/avatar-\\d+\\.png$`));
    const image = await server.app.inject({ method: 'GET', url: avatar, headers: bearer(server.alice) });
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 150, height: 150 });
    expect((await server.request('GET', `/api/assistants/${assistant.id}`)).json().metadata.avatar).toBe(avatar);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await uploadAvatar(assistant.id, [['file', { content: await picture(100, 300), fileName: 'me.png', type: 'image/png' }]]);
    expect(second.json().metadata.avatar).not.toBe(avatar);
    expect((await server.app.inject({ method: 'GET', url: avatar, headers: bearer(server.alice) })).statusCode).toBe(404);
    const documents = (await server.request('GET', '/api/assistants/documents')).json();
    expect(documents[0].avatar).toEqual({ filepath: second.json().metadata.avatar, source: 'local' });

    // Deleting the assistant deletes its picture.
    await server.request('DELETE', `/api/assistants/${assistant.id}`);
    expect((await server.app.inject({ method: 'GET', url: second.json().metadata.avatar, headers: bearer(server.alice) })).statusCode).toBe(404);
  });

  it('refuses what is no image, a wrong part name and a missing file, with clear messages', async () => {
    server = await startAssistantsServer();
    const { id } = (await server.request('POST', '/api/assistants', { model: 'gpt-4o' })).json();
    const notImage = await uploadAvatar(id, [['file', { content: 'plain words', fileName: 'a.png', type: 'image/png' }]]);
    expect(notImage.statusCode).toBe(415);
    const wrongPart = await uploadAvatar(id, [['input', { content: await picture(20, 20), fileName: 'a.png', type: 'image/png' }]]);
    expect(wrongPart.statusCode).toBe(400);
    expect(wrongPart.json().message).toBe('Send exactly one image, in the part named "file"');
    const none = await uploadAvatar(id, [['metadata', '{}']]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No image provided');
    expect((await server.request('GET', `/api/assistants/${id}`)).json().metadata).toEqual({ author: server.alice.userId });
  });
});
