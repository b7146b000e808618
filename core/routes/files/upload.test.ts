import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { clientUpload, multipartBody, onePixelPng, type FormPart } from '../../../testing/multipart-body.js';
import { bearer, buildTestServer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
let alice: SignedInUser;
const configDirs: string[] = [];

afterEach(async () => {
  await app?.close();
  for (const dir of configDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A librechat.yaml with these top-level lines. */
function yamlFile(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'chatbox-files-yaml-'));
  configDirs.push(dir);
  const file = join(dir, 'librechat.yaml');
  writeFileSync(file, `version: 1.0.5\n${body}`);
  return file;
}

async function start(yaml?: string): Promise<void> {
  ({ app, alice } = await twoSignedInUsers({ plugins: fileStoragePlugins, configPath: yaml === undefined ? undefined : yamlFile(yaml) }));
}

async function upload(parts: FormPart[], account: SignedInUser | null = alice) {
  const { payload, headers } = await multipartBody(parts);
  return app.inject({ method: 'POST', url: '/api/files', payload, headers: { ...headers, ...(account ? bearer(account) : {}) } });
}

/** Every name in the user's upload folder, temporary ones included. */
function storedNames(userId: string): string[] {
  try {
    return readdirSync(join(app.config.dataDir, 'uploads', userId));
  } catch {
    return [];
  }
}

const listFiles = async () => (await app.inject({ method: 'GET', url: '/api/files', headers: bearer(alice) })).json();

describe('POST /api/files', () => {
  it('stores a file in local storage and answers the record in LibreChat shape', async () => {
    await start();
    const temporaryId = randomUUID();
    const response = await upload([['file', { content: 'hello\n', fileName: 'notes.txt', type: 'text/plain' }], ['file_id', temporaryId], ['endpoint', 'openAI'], ['message_file', 'true']]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: 'File uploaded and processed successfully',
      temp_file_id: temporaryId,
      user: alice.userId,
      filename: 'notes.txt',
      type: 'text/plain',
      bytes: 6,
      source: 'local',
      object: 'file',
      usage: 0,
      context: 'message_attachment',
      // A text file's text is indexed for turns (documents as context).
      embedded: true,
    });
    expect(body.file_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.file_id).not.toBe(temporaryId);
    expect(body.filepath).toBe(`/uploads/${alice.userId}/${body.file_id}.txt`);
    expect(readFileSync(join(app.config.dataDir, 'uploads', alice.userId, `${body.file_id}.txt`), 'utf8')).toBe('hello\n');
    // The record keeps the client's id, as LibreChat's does: the list answers it too.
    expect((await listFiles()).map((file: { file_id: string; temp_file_id?: string }) => [file.file_id, file.temp_file_id])).toEqual([[body.file_id, temporaryId]]);
  });

  it('takes the endpoint before the file as well as after it, and keeps image sizes', async () => {
    await start();
    const response = await upload([['endpoint', 'custom'], ['file_id', randomUUID()], ['width', '1'], ['height', '1'], ['file', { content: onePixelPng, fileName: 'dot.png', type: 'image/png' }]]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: 'image/png', width: 1, height: 1, filename: 'dot.png', bytes: onePixelPng.length });
  });

  it('sanitizes the client name: no path, no hidden characters, and the stored name is the server id', async () => {
    await start();
    const response = await upload(clientUpload({ content: 'x', fileName: '../../etc/pass\u202Ewd.txt', type: 'text/plain' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().filename).toBe('passwd.txt');
    expect(storedNames(alice.userId)).toEqual([`${response.json().file_id}.txt`]);
  });

  it('answers 413 with the limit once the file passes the endpoint size, and keeps nothing', async () => {
    await start('fileConfig:\n  endpoints:\n    default:\n      fileSizeLimit: 1\n');
    const response = await upload([['endpoint', 'openAI'], ['file_id', randomUUID()], ['file', { content: 'a'.repeat(3 * 1024 * 1024), fileName: 'big.txt', type: 'text/plain' }]]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'File size exceeds 1 MB.', code: 'file_too_large' });
    expect(storedNames(alice.userId)).toEqual([]);
    expect(await listFiles()).toEqual([]);
  });

  it('applies an endpoint limit that is named after the file once the form is read, and deletes the stored file', async () => {
    await start('fileConfig:\n  endpoints:\n    openAI:\n      fileSizeLimit: 1\n');
    const big = { content: 'a'.repeat(2 * 1024 * 1024), fileName: 'big.txt', type: 'text/plain' };
    const response = await upload(clientUpload(big));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('File size exceeds 1 MB.');
    expect(storedNames(alice.userId)).toEqual([]);
    expect(await listFiles()).toEqual([]);
    // The default endpoint keeps its 512 MB.
    expect((await upload([['file', big], ['file_id', randomUUID()], ['endpoint', 'google']])).statusCode).toBe(200);
  });

  it("answers 413 past the user's storage quota (fileConfig.userStorageLimit), counting what they store", async () => {
    await start('fileConfig:\n  userStorageLimit: 1\n');
    const part = { content: 'a'.repeat(600 * 1024), fileName: 'part.txt', type: 'text/plain' };
    expect((await upload(clientUpload(part))).statusCode).toBe(200);
    const refused = await upload(clientUpload(part));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: 'Your file storage is full: this upload would pass your limit of 1 MB (0.59 MB used).', code: 'storage_quota_exceeded' });
    expect(storedNames(alice.userId)).toHaveLength(1);
  });

  it('answers 413 for any endpoint past serverFileSizeLimit', async () => {
    await start('fileConfig:\n  serverFileSizeLimit: 1\n');
    const response = await upload(clientUpload({ content: 'a'.repeat(1024 * 1024 + 1), fileName: 'big.txt', type: 'text/plain' }));
    expect(response.statusCode).toBe(413);
    expect(storedNames(alice.userId)).toEqual([]);
  });

  it('refuses a .png that is really text, and an SVG sent as an image, with 415', async () => {
    await start();
    const fake = await upload(clientUpload({ content: 'just text', fileName: 'photo.png', type: 'image/png' }));
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ message: 'Currently, unsupported file type: image/png', code: 'unsupported_file_type' });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const vector = await upload(clientUpload({ content: svg, fileName: 'logo.svg', type: 'image/svg+xml' }));
    expect(vector.statusCode).toBe(415);
    expect(vector.json().message).toBe('Currently, unsupported file type: image/svg+xml');
    expect(storedNames(alice.userId)).toEqual([]);
  });

  it("refuses a type the endpoint's supportedMimeTypes leave out", async () => {
    await start("fileConfig:\n  endpoints:\n    openAI:\n      supportedMimeTypes:\n        - '^image/png$'\n");
    const response = await upload(clientUpload({ content: 'hello', fileName: 'a.txt', type: 'text/plain' }));
    expect(response.statusCode).toBe(415);
    expect(storedNames(alice.userId)).toEqual([]);
  });

  it.each([
    ['no file_id', [['endpoint', 'openAI'], ['file', { content: 'x', fileName: 'a.txt', type: 'text/plain' }]], 'No file_id provided'],
    ['a file_id that is no UUID', [['file_id', 'nope'], ['endpoint', 'openAI'], ['file', { content: 'x', fileName: 'a.txt', type: 'text/plain' }]], 'file_id must be a UUID'],
    ['no endpoint', [['file_id', randomUUID()], ['file', { content: 'x', fileName: 'a.txt', type: 'text/plain' }]], 'No endpoint provided'],
    ['no file', [['file_id', randomUUID()], ['endpoint', 'openAI']], 'No file provided'],
    ['a bad width', [['file_id', randomUUID()], ['endpoint', 'openAI'], ['width', '-3'], ['file', { content: 'x', fileName: 'a.txt', type: 'text/plain' }]], 'width must be'],
    ['a file in another part', [['file_id', randomUUID()], ['endpoint', 'openAI'], ['upload', { content: 'x', fileName: 'a.txt', type: 'text/plain' }]], 'part named "file"'],
  ] satisfies Array<[string, FormPart[], string]>)('answers 400 for %s and keeps nothing', async (_case, parts, message) => {
    await start();
    const response = await upload(parts);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(storedNames(alice.userId)).toEqual([]);
    expect(await listFiles()).toEqual([]);
  });

  it('answers a 4xx for a body that is not multipart, and 401 without a session', async () => {
    await start();
    const json = await app.inject({ method: 'POST', url: '/api/files', payload: { file: 'x' }, headers: bearer(alice) });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect((await upload(clientUpload({ content: 'x', fileName: 'a.txt' }), null)).statusCode).toBe(401);
  });
});

describe('upload rate limits', () => {
  it('answers 429 file_upload_limit past FILE_UPLOAD_USER_MAX, per user, keeping nothing', async () => {
    let bob: SignedInUser;
    ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins, env: { FILE_UPLOAD_USER_MAX: '2' } }));
    const text = { content: 'x', fileName: 'a.txt', type: 'text/plain' };
    expect((await upload(clientUpload(text))).statusCode).toBe(200);
    expect((await upload(clientUpload(text))).statusCode).toBe(200);
    const refused = await upload(clientUpload(text));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'File upload limit reached', code: 'file_upload_limit' });
    expect(storedNames(alice.userId)).toHaveLength(2);
    expect((await upload(clientUpload(text), bob)).statusCode).toBe(200);
  });

  it('counts per IP too (FILE_UPLOAD_IP_MAX)', async () => {
    let bob: SignedInUser;
    ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins, env: { FILE_UPLOAD_IP_MAX: '1' } }));
    const text = { content: 'x', fileName: 'a.txt', type: 'text/plain' };
    expect((await upload(clientUpload(text))).statusCode).toBe(200);
    expect((await upload(clientUpload(text), bob)).statusCode).toBe(429);
  });
});

describe('file storage choice', () => {
  it('stops the server at start for an unknown fileStrategy, naming the known ones', async () => {
    await expect(buildTestServer({ plugins: fileStoragePlugins, configPath: yamlFile('fileStrategy: s4\n') })).rejects.toThrow('unknown file strategy "s4"; known: local, s3');
  });

  it('starts on a LibreChat strategy chatbox has no storage for yet (a LibreChat file must start) and stores uploads locally', async () => {
    ({ app, alice } = await twoSignedInUsers({ plugins: fileStoragePlugins, configPath: yamlFile('fileStrategy: azure_blob\n') }));
    const response = await upload(clientUpload({ content: 'kept', fileName: 'a.txt', type: 'text/plain' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ source: 'local', filename: 'a.txt' });
  });

  it('answers 503 for uploads on a server built without file-storage plugins', async () => {
    ({ app, alice } = await twoSignedInUsers());
    const response = await upload(clientUpload({ content: 'x', fileName: 'a.txt', type: 'text/plain' }));
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('file_storage_unavailable');
  });
});

describe('GET /api/files/config', () => {
  it('answers 200 with an empty body without a fileConfig', async () => {
    await start();
    const response = await app.inject({ method: 'GET', url: '/api/files/config', headers: bearer(alice) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it("answers the yaml's fileConfig as written (MB and pattern strings)", async () => {
    await start("fileConfig:\n  serverFileSizeLimit: 100\n  endpoints:\n    openAI:\n      fileLimit: 3\n      supportedMimeTypes:\n        - '^image/.*$'\n");
    const response = await app.inject({ method: 'GET', url: '/api/files/config', headers: bearer(alice) });
    expect(response.json()).toEqual({ serverFileSizeLimit: 100, endpoints: { openAI: { fileLimit: 3, supportedMimeTypes: ['^image/.*$'] } } });
  });
});
