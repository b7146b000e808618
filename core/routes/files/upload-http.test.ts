import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { twoSignedInUsers } from '../../../testing/build-test-server.js';
import { streamUpload } from '../../../testing/stream-upload.js';

let app: FastifyInstance;
let configDir: string;

afterEach(async () => {
  await app?.close();
  rmSync(configDir, { recursive: true, force: true });
});

const megabyte = 1024 * 1024;

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
