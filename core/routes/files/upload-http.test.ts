import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { twoSignedInUsers } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
let configDir: string;

afterEach(async () => {
  await app?.close();
  rmSync(configDir, { recursive: true, force: true });
});

const megabyte = 1024 * 1024;

/**
 * Streams a multipart upload of `totalBytes` over real HTTP, honouring backpressure, and reports how
 * much the client got to send before the answer came. Proves the server stops at the limit instead
 * of reading (or storing) the whole body.
 */
function streamUpload(port: number, token: string, totalBytes: number, options: { abortAfterBytes?: number } = {}): Promise<{ status: number; body: string; bytesSent: number }> {
  const boundary = `chatbox${randomUUID()}`;
  const head = [
    `--${boundary}\r\nContent-Disposition: form-data; name="endpoint"\r\n\r\nopenAI\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file_id"\r\n\r\n${randomUUID()}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  ].join('');
  const chunk = Buffer.alloc(256 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const request = httpRequest({ port, method: 'POST', path: '/api/files', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, bytesSent }));
    });
    // The server closing mid-upload is the point; only an error before any answer fails the test.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.write(head);
    const writeMore = (): void => {
      while (!answered && !request.destroyed && bytesSent < totalBytes) {
        if (options.abortAfterBytes !== undefined && bytesSent >= options.abortAfterBytes) {
          request.destroy();
          return resolve({ status: 0, body: '', bytesSent });
        }
        bytesSent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', writeMore);
      }
      if (!answered && !request.destroyed) request.end(`\r\n--${boundary}--\r\n`);
    };
    writeMore();
  });
}

async function startServer(yaml: string) {
  configDir = mkdtempSync(join(tmpdir(), 'chatbox-files-http-'));
  const configPath = join(configDir, 'librechat.yaml');
  writeFileSync(configPath, `version: 1.0.5\n${yaml}`);
  const started = await twoSignedInUsers({ plugins: fileStoragePlugins, configPath });
  app = started.app;
  const port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
  return { port, alice: started.alice, userFolder: join(app.config.dataDir, 'uploads', started.alice.userId) };
}

const folderEntries = (folder: string): string[] => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

describe('POST /api/files over HTTP', () => {
  it('keeps nothing of an upload the client abandons part-way', async () => {
    const { port, alice, userFolder } = await startServer('');
    await streamUpload(port, alice.token, 50 * megabyte, { abortAfterBytes: 4 * megabyte });
    // The server notices the closed connection on its own time: wait until the partial file is gone.
    for (let attempt = 0; attempt < 50 && folderEntries(userFolder).length > 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(folderEntries(userFolder)).toEqual([]);
    expect(await app.store.files.list(alice.userId)).toEqual([]);
  });

  it('answers 413 while a too large upload is still being sent, keeping no bytes of it', async () => {
    const { port, alice, userFolder } = await startServer('fileConfig:\n  endpoints:\n    openAI:\n      fileSizeLimit: 1\n');
    const result = await streamUpload(port, alice.token, 200 * megabyte);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ message: 'File size exceeds 1 MB.', code: 'file_too_large' });
    // Socket buffers hold a few MB at most: far from the 200 MB the client meant to send.
    expect(result.bytesSent).toBeLessThan(50 * megabyte);
    expect(folderEntries(userFolder)).toEqual([]);
  });
});
