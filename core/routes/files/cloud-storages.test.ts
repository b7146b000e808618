import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildChatTestServer } from '../../../testing/build-chat-test-server.js';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { startFakeOpenAI, type FakeOpenAIUpstream } from '../../../testing/fake-upstreams/index.js';
import { startFirebaseStorageDouble, type FirebaseStorageDouble } from '../../../testing/firebase-storage-double/index.js';
import { clientUpload, multipartBody, onePixelPng } from '../../../testing/multipart-body.js';
import { bearer, buildTestServer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';
import { NO_PARENT } from '../../chat/message-tree.js';

const bucket = 'chatbox-routes.appspot.com';
const firebaseEnvironment = (double: FirebaseStorageDouble): Record<string, string> => ({
  FIREBASE_API_KEY: 'fake-api-key',
  FIREBASE_AUTH_DOMAIN: 'chatbox-routes.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'chatbox-routes',
  FIREBASE_STORAGE_BUCKET: bucket,
  FIREBASE_MESSAGING_SENDER_ID: '1234567890',
  FIREBASE_APP_ID: '1:1234567890:web:abcdef',
  FIREBASE_STORAGE_EMULATOR_HOST: double.host,
});

let firebase: FirebaseStorageDouble;
let openai: FakeOpenAIUpstream;
let app: FastifyInstance | undefined;
let alice: SignedInUser;
let bob: SignedInUser;
const configDirs: string[] = [];

beforeAll(async () => {
  [firebase, openai] = await Promise.all([startFirebaseStorageDouble(), startFakeOpenAI()]);
});
afterAll(async () => {
  await Promise.all([firebase.close(), openai.close()]);
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const dir of configDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function yamlFile(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'chatbox-cloud-yaml-'));
  configDirs.push(dir);
  const file = join(dir, 'librechat.yaml');
  writeFileSync(file, `version: 1.0.5\n${body}`);
  return file;
}

async function start(strategy: string, env: Record<string, string>): Promise<void> {
  ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins, configPath: yamlFile(`fileStrategy: ${strategy}\n`), env }));
}

async function uploadAs(account: SignedInUser, fileName: string, content: string) {
  const { payload, headers } = await multipartBody(clientUpload({ content, fileName, type: 'text/plain' }));
  return app!.inject({ method: 'POST', url: '/api/files', payload, headers: { ...headers, ...bearer(account) } });
}

const download = (account: SignedInUser, fileId: string) => app!.inject({ method: 'GET', url: `/api/files/download/${account.userId}/${fileId}`, headers: bearer(account) });
const deleteFile = (account: SignedInUser, fileId: string) => app!.inject({ method: 'DELETE', url: '/api/files', payload: { files: [{ file_id: fileId }] }, headers: bearer(account) });

describe('fileStrategy: firebase', () => {
  it('stops the start naming each missing FIREBASE_* variable', async () => {
    const { FIREBASE_APP_ID: _app, FIREBASE_STORAGE_BUCKET: _bucket, ...partial } = firebaseEnvironment(firebase);
    const starting = buildTestServer({ plugins: fileStoragePlugins, configPath: yamlFile('fileStrategy: firebase\n'), env: partial });
    await expect(starting).rejects.toThrow('firebase.FIREBASE_STORAGE_BUCKET: FIREBASE_STORAGE_BUCKET is required for fileStrategy: firebase');
    await expect(starting).rejects.toThrow('firebase.FIREBASE_APP_ID: FIREBASE_APP_ID is required for fileStrategy: firebase');
  });

  it('uploads into the bucket, downloads for the owner only, and deletes the object', async () => {
    await start('firebase', firebaseEnvironment(firebase));
    const uploaded = await uploadAs(alice, 'notes.txt', 'kept in firebase');
    expect(uploaded.statusCode).toBe(200);
    const record = uploaded.json();
    expect(record).toMatchObject({ source: 'firebase', filename: 'notes.txt', bytes: 16 });
    expect(record.filepath).toContain(`/v0/b/${bucket}/o/uploads%2F${alice.userId}%2F`);
    const [objectName] = firebase.store.names(bucket, `uploads/${alice.userId}/`);
    expect(record.filepath).toContain(encodeURIComponent(objectName));
    expect(firebase.store.get(bucket, objectName)?.data.toString()).toBe('kept in firebase');

    const mine = await download(alice, record.file_id);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toBe('kept in firebase');
    expect((await download(bob, record.file_id)).statusCode).toBe(404);

    expect((await deleteFile(alice, record.file_id)).statusCode).toBe(200);
    expect(firebase.store.get(bucket, objectName)).toBeUndefined();
  });

  it('stores a resized image under images/<userId>/ and serves it to the owner only', async () => {
    await start('firebase', firebaseEnvironment(firebase));
    const { payload, headers } = await multipartBody(clientUpload({ content: onePixelPng, fileName: 'dot.png', type: 'image/png' }, [['width', '1'], ['height', '1']]));
    const response = await app!.inject({ method: 'POST', url: '/api/files/images', payload, headers: { ...headers, ...bearer(alice) } });
    expect(response.statusCode).toBe(200);
    const record = response.json();
    expect(record).toMatchObject({ source: 'firebase', type: 'image/png', width: 1, height: 1 });
    expect(firebase.store.names(bucket, `images/${alice.userId}/`)).toEqual([`images/${alice.userId}/${record.file_id}.png`]);
    const mine = await download(alice, record.file_id);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await download(bob, record.file_id)).statusCode).toBe(404);
  });

  it('sends an image kept in the bucket to the model', async () => {
    const chat = await buildChatTestServer({ configPath: yamlFile('fileStrategy: firebase\n'), env: { ...firebaseEnvironment(firebase), TITLE_CONVO: 'false' } });
    try {
      chat.upstreams.openai.control.configure({ reply: 'A dot.' });
      const { payload, headers } = await multipartBody(clientUpload({ content: onePixelPng, fileName: 'dot.png', type: 'image/png' }, [['width', '1'], ['height', '1']]));
      const uploaded = await chat.app.inject({ method: 'POST', url: '/api/files/images', payload, headers: { ...headers, authorization: `Bearer ${chat.token}` } });
      const image = uploaded.json();
      expect(image.source).toBe('firebase');
      const files = [{ file_id: image.file_id, filepath: image.filepath, type: image.type, width: image.width, height: image.height }];
      const { frames } = await chat.ask({ text: 'What is this?', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', files });
      expect(frames.at(-1)?.data.final).toBe(true);
      const sent = chat.upstreams.openai.control.requests.filter((request) => request.method === 'POST').at(-1)?.body;
      const imagePart = sent.messages.at(-1).content[1];
      expect(imagePart.type).toBe('image_url');
      const stored = firebase.store.get(bucket, `images/${chat.userId}/${image.file_id}.png`);
      expect(imagePart.image_url.url).toBe(`data:image/png;base64,${stored?.data.toString('base64')}`);
    } finally {
      await chat.close();
    }
  });

  it('stores an avatar whose download URL keeps its token and loads from the bucket', async () => {
    await start('firebase', firebaseEnvironment(firebase));
    const { payload, headers } = await multipartBody([['input', { content: onePixelPng, fileName: 'me.png', type: 'image/png' }], ['manual', 'true']]);
    const response = await app!.inject({ method: 'POST', url: '/api/files/images/avatar', payload, headers: { ...headers, ...bearer(alice) } });
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(new RegExp(`^http://${firebase.host}/v0/b/${bucket}/o/images%2F${alice.userId}%2Favatar-\\d+\\.png\\?alt=media&token=[0-9a-f-]+&manual=true$`));
    expect((await app!.store.users.findById(alice.userId))?.avatar).toBe(url);
    const loaded = await fetch(url);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get('content-type')).toBe('image/png');
  });

  it('deletes the avatar object a new avatar replaces, and nothing of another user\'s', async () => {
    await start('firebase', firebaseEnvironment(firebase));
    const setAvatar = async (account: SignedInUser) => {
      const { payload, headers } = await multipartBody([['input', { content: onePixelPng, fileName: 'me.png', type: 'image/png' }], ['manual', 'true']]);
      const response = await app!.inject({ method: 'POST', url: '/api/files/images/avatar', payload, headers: { ...headers, ...bearer(account) } });
      expect(response.statusCode).toBe(200);
      return response.json().url as string;
    };
    const objectName = (url: string) => decodeURIComponent(/\/o\/([^?]+)/.exec(url)![1]);
    const avatarsOf = (account: SignedInUser) => firebase.store.names(bucket, `images/${account.userId}/avatar-`);

    const bobs = await setAvatar(bob);
    const first = await setAvatar(alice);
    expect(avatarsOf(alice)).toEqual([objectName(first)]);
    // Two avatars within one millisecond would share a name.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await setAvatar(alice);
    expect(avatarsOf(alice)).toEqual([objectName(second)]);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);

    // A link naming another user's avatar is not this user's to delete.
    await app!.store.users.update(alice.userId, { avatar: bobs });
    await setAvatar(alice);
    expect(avatarsOf(bob)).toEqual([objectName(bobs)]);
  });
});

describe('fileStrategy: openai', () => {
  it('stops the start without a server key', async () => {
    const starting = buildTestServer({ plugins: fileStoragePlugins, configPath: yamlFile('fileStrategy: openai\n'), env: { OPENAI_API_KEY: 'user_provided' } });
    await expect(starting).rejects.toThrow('ASSISTANTS_API_KEY or OPENAI_API_KEY (not user_provided) is required for fileStrategy: openai');
  });

  it('uploads to the Files API with purpose assistants, downloads for the owner only, and deletes it', async () => {
    await start('openai', { ASSISTANTS_API_KEY: 'sk-assistants', ASSISTANTS_BASE_URL: `${openai.url}/v1` });
    openai.files.apiKey = 'sk-assistants';
    try {
      const uploaded = await uploadAs(alice, 'brief.txt', 'kept by openai');
      expect(uploaded.statusCode).toBe(200);
      const record = uploaded.json();
      expect(record).toMatchObject({ source: 'openai', filename: 'brief.txt', bytes: 14 });
      const fileId = /\/files\/(file-[0-9a-f]+)#/.exec(record.filepath)?.[1] ?? '';
      expect(openai.files.files.get(fileId)).toMatchObject({ purpose: 'assistants', filename: expect.stringMatching(new RegExp(`^${alice.userId}__`)) });

      const mine = await download(alice, record.file_id);
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toBe('kept by openai');
      expect((await download(bob, record.file_id)).statusCode).toBe(404);

      expect((await deleteFile(alice, record.file_id)).statusCode).toBe(200);
      expect(openai.files.files.has(fileId)).toBe(false);
    } finally {
      openai.files.apiKey = undefined;
    }
  });
});

describe('fileStrategy: openai avatars', () => {
  it('keeps avatars local, where a browser can load them (the Files API wants the server key)', async () => {
    await start('openai', { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${openai.url}/v1` });
    const before = openai.files.files.size;
    const { payload, headers } = await multipartBody([['input', { content: onePixelPng, fileName: 'me.png', type: 'image/png' }], ['manual', 'true']]);
    const response = await app!.inject({ method: 'POST', url: '/api/files/images/avatar', payload, headers: { ...headers, ...bearer(alice) } });
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(new RegExp(`^/uploads/${alice.userId}/avatar-\\d+\\.png\\?manual=true$`));
    expect(openai.files.files.size).toBe(before);
    const loaded = await app!.inject({ method: 'GET', url: url.split('?')[0], headers: bearer(alice) });
    expect(loaded.statusCode).toBe(200);
  });
});

describe('records of a storage whose variables are gone', () => {
  it('still delete (the record goes) and answer 501 on download, instead of failing the request', async () => {
    ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins }));
    const record = await app.store.files.upsert({
      file_id: 'file-librechat-assistants',
      user: alice.userId,
      filename: 'kept.pdf',
      filepath: 'https://api.openai.com/v1/files/file-librechat-assistants',
      type: 'application/pdf',
      bytes: 10,
      source: 'openai',
      context: 'assistants',
      embedded: false,
      width: null,
      height: null,
      conversationId: null,
    });
    const downloaded = await download(alice, record.file_id);
    expect(downloaded.statusCode).toBe(501);
    expect(downloaded.json().message).toBe('Files stored in "openai" cannot be downloaded from this server');
    expect((await deleteFile(alice, record.file_id)).statusCode).toBe(200);
    expect(await app.store.files.find(alice.userId, record.file_id)).toBeNull();
  });
});
