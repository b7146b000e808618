import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { clientUpload, multipartBody } from '../../../testing/multipart-body.js';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';
import { contentDisposition } from './download.js';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

beforeEach(async () => {
  ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins }));
});
afterEach(async () => {
  await app?.close();
});

interface UploadedFile {
  file_id: string;
  filepath: string;
  filename: string;
  source: string;
}

async function uploadAs(account: SignedInUser, fileName: string, content: string): Promise<UploadedFile> {
  const { payload, headers } = await multipartBody(clientUpload({ content, fileName, type: 'text/plain' }));
  const response = await app.inject({ method: 'POST', url: '/api/files', payload, headers: { ...headers, ...bearer(account) } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const onDisk = (file: UploadedFile) => existsSync(join(app.config.dataDir, file.filepath));
const download = (account: SignedInUser, userId: string, fileId: string) =>
  app.inject({ method: 'GET', url: `/api/files/download/${userId}/${fileId}`, headers: bearer(account) });
const deleteFiles = (account: SignedInUser, payload: Record<string, unknown>) => app.inject({ method: 'DELETE', url: '/api/files', payload, headers: bearer(account) });
const listIds = async (account: SignedInUser) =>
  (await app.inject({ method: 'GET', url: '/api/files', headers: bearer(account) })).json().map((file: UploadedFile) => file.file_id);

describe('GET /api/files/download/:userId/:fileId', () => {
  it('streams the owner their file with its (sanitized) name and metadata headers', async () => {
    const file = await uploadAs(alice, 'Résumé "final".txt', 'the content');
    const response = await download(alice, alice.userId, file.file_id);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('the content');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="R_sum_ _final_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20_final_.txt`);
    const metadata = JSON.parse(String(response.headers['x-file-metadata']));
    expect(metadata).toMatchObject({ file_id: file.file_id, filename: 'Résumé _final_.txt', bytes: 11, source: 'local', object: 'file' });
  });

  it("answers 403 for another user's folder and 404 for another user's file id in one's own", async () => {
    const file = await uploadAs(alice, 'secret.txt', 'alice only');
    const foreignFolder = await download(bob, alice.userId, file.file_id);
    expect(foreignFolder.statusCode).toBe(403);
    expect(foreignFolder.body).not.toContain('alice only');
    const ownFolder = await download(bob, bob.userId, file.file_id);
    expect(ownFolder.statusCode).toBe(404);
    expect(ownFolder.json().message).toBe('File not found');
  });

  it('answers 404 for an unknown id and for a record whose bytes are gone', async () => {
    expect((await download(alice, alice.userId, 'no-such-file')).statusCode).toBe(404);
    const file = await uploadAs(alice, 'gone.txt', 'x');
    rmSync(join(app.config.dataDir, file.filepath));
    expect((await download(alice, alice.userId, file.file_id)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/files/download/${alice.userId}/x` })).statusCode).toBe(401);
  });
});

describe('GET /api/files/download/:userId/:fileId with Range', () => {
  const rangeDownload = (account: SignedInUser, fileId: string, range: string) =>
    app.inject({ method: 'GET', url: `/api/files/download/${account.userId}/${fileId}`, headers: { ...bearer(account), range } });

  it('answers 206 with Content-Range for a start and end, a start only and a suffix', async () => {
    const file = await uploadAs(alice, 'digits.txt', '0123456789');
    for (const [range, body, contentRange] of [
      ['bytes=2-4', '234', 'bytes 2-4/10'],
      ['bytes=7-', '789', 'bytes 7-9/10'],
      ['bytes=-2', '89', 'bytes 8-9/10'],
      ['bytes=8-500', '89', 'bytes 8-9/10'],
    ]) {
      const response = await rangeDownload(alice, file.file_id, range);
      expect(response.statusCode).toBe(206);
      expect(response.body).toBe(body);
      expect(response.headers['content-range']).toBe(contentRange);
      expect(response.headers['content-length']).toBe(String(body.length));
      expect(response.headers['content-disposition']).toContain('digits.txt');
    }
  });

  it('answers 416 with the size for a range past the end, and the whole file for a header it does not read', async () => {
    const file = await uploadAs(alice, 'digits.txt', '0123456789');
    const past = await rangeDownload(alice, file.file_id, 'bytes=10-');
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */10');
    expect(past.json()).toMatchObject({ code: 'range_not_satisfiable' });
    for (const range of ['bytes=0-1,4-5', 'lines=1-2', 'bytes=5-2']) {
      const whole = await rangeDownload(alice, file.file_id, range);
      expect(whole.statusCode).toBe(200);
      expect(whole.body).toBe('0123456789');
      expect(whole.headers['accept-ranges']).toBe('bytes');
    }
  });

  it("answers 403 and 404 for another user's file whatever the range", async () => {
    const file = await uploadAs(alice, 'secret.txt', 'alice only');
    const foreign = await app.inject({ method: 'GET', url: `/api/files/download/${alice.userId}/${file.file_id}`, headers: { ...bearer(bob), range: 'bytes=0-3' } });
    expect(foreign.statusCode).toBe(403);
    const ownFolder = await rangeDownload(bob, file.file_id, 'bytes=0-3');
    expect(ownFolder.statusCode).toBe(404);
    expect(ownFolder.body).not.toContain('alice');
  });
});

describe('DELETE /api/files', () => {
  it('deletes the record and the stored file, looked up by id and owner, ignoring the client path and source', async () => {
    const file = await uploadAs(alice, 'a.txt', 'a');
    const keep = await uploadAs(alice, 'b.txt', 'b');
    const response = await deleteFiles(alice, { files: [{ file_id: file.file_id, filepath: keep.filepath, source: 'firebase', embedded: true }] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Files deleted successfully' });
    expect(onDisk(file)).toBe(false);
    expect(onDisk(keep)).toBe(true);
    expect(await listIds(alice)).toEqual([keep.file_id]);
  });

  it("deletes nothing of another user's: 404 and the file stays", async () => {
    const file = await uploadAs(alice, 'mine.txt', 'mine');
    const response = await deleteFiles(bob, { files: [{ file_id: file.file_id, filepath: file.filepath, source: 'local' }] });
    expect(response.statusCode).toBe(404);
    expect(onDisk(file)).toBe(true);
    expect(await listIds(alice)).toEqual([file.file_id]);
  });

  it('deletes the caller\'s files of a mixed list and leaves the others', async () => {
    const own = await uploadAs(bob, 'own.txt', 'own');
    const foreign = await uploadAs(alice, 'foreign.txt', 'foreign');
    expect((await deleteFiles(bob, { files: [{ file_id: own.file_id }, { file_id: foreign.file_id }] })).statusCode).toBe(200);
    expect(onDisk(own)).toBe(false);
    expect(onDisk(foreign)).toBe(true);
    expect(await listIds(alice)).toEqual([foreign.file_id]);
  });

  it('answers 404 the second time, 204 for an empty list, 400 for a malformed body', async () => {
    const file = await uploadAs(alice, 'twice.txt', 'x');
    expect((await deleteFiles(alice, { files: [{ file_id: file.file_id }] })).statusCode).toBe(200);
    expect((await deleteFiles(alice, { files: [{ file_id: file.file_id }] })).statusCode).toBe(404);
    expect((await deleteFiles(alice, { files: [] })).statusCode).toBe(204);
    for (const payload of [{}, { files: 'x' }, { files: [{ file_id: 7 }] }, { files: [{}] }]) {
      const response = await deleteFiles(alice, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('file_id');
    }
  });
});

describe('contentDisposition', () => {
  it('keeps a plain name and encodes the rest per RFC 5987', () => {
    expect(contentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition("日本's (1).txt")).toBe(`attachment; filename="__'s (1).txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%27s%20%281%29.txt`);
  });
});
