import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { clientUpload, multipartBody, type FormPart } from '../../../testing/multipart-body.js';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
let alice: SignedInUser;
const configDirs: string[] = [];

afterEach(async () => {
  await app?.close();
  for (const dir of configDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(yamlLines?: string): Promise<void> {
  let configPath: string | undefined;
  if (yamlLines !== undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'chatbox-images-yaml-'));
    configDirs.push(dir);
    configPath = join(dir, 'librechat.yaml');
    writeFileSync(configPath, `version: 1.0.5\n${yamlLines}`);
  }
  ({ app, alice } = await twoSignedInUsers({ plugins: fileStoragePlugins, configPath }));
}

async function photo(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg().toBuffer());
}

async function uploadImage(parts: FormPart[]) {
  const { payload, headers } = await multipartBody(parts);
  return app.inject({ method: 'POST', url: '/api/files/images', payload, headers: { ...headers, ...bearer(alice) } });
}

function storedNames(): string[] {
  try {
    return readdirSync(join(app.config.dataDir, 'uploads', alice.userId));
  } catch {
    return [];
  }
}

const sides = (width: number, height: number): Array<[string, string]> => [['width', String(width)], ['height', String(height)]];

describe('POST /api/files/images', () => {
  it('resizes a large photo (short side 768), converts it to png and answers the stored sides', async () => {
    await start();
    const response = await uploadImage(clientUpload({ content: await photo(1600, 1200), fileName: 'holiday photo.jpg', type: 'image/jpeg' }, sides(1600, 1200)));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ message: 'File uploaded and processed successfully', filename: 'holiday photo.jpg', type: 'image/png', width: 1024, height: 768, context: 'message_attachment', source: 'local' });
    expect(body.filepath).toBe(`/uploads/${alice.userId}/${body.file_id}.png`);
    // Only the resized file is kept, and it is what the record says.
    expect(storedNames()).toEqual([`${body.file_id}.png`]);
    const stored = readFileSync(join(app.config.dataDir, 'uploads', alice.userId, `${body.file_id}.png`));
    expect(body.bytes).toBe(stored.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 1024, height: 768 });
    const listed = (await app.inject({ method: 'GET', url: '/api/files', headers: bearer(alice) })).json();
    expect(listed).toEqual([expect.objectContaining({ file_id: body.file_id, width: 1024, height: 768, type: 'image/png' })]);
  });

  it('converts to the yaml imageOutputType and keeps a small image at its size', async () => {
    await start('imageOutputType: webp\n');
    const response = await uploadImage(clientUpload({ content: await photo(300, 200), fileName: 'small.jpg', type: 'image/jpeg' }, sides(300, 200)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: 'image/webp', width: 300, height: 200 });
    expect(storedNames()).toEqual([`${response.json().file_id}.webp`]);
  });

  it('replaces an upload already in the output type by its resized version (one file left)', async () => {
    await start();
    const png = new Uint8Array(await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#888' } }).png().toBuffer());
    const response = await uploadImage(clientUpload({ content: png, fileName: 'wide.png', type: 'image/png' }, sides(3000, 1000)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ width: 2000, height: 667 });
    expect(storedNames()).toEqual([`${response.json().file_id}.png`]);
  });

  it('refuses what is not an image by its bytes (415) and stores nothing', async () => {
    await start();
    const text = await uploadImage(clientUpload({ content: 'just words', fileName: 'fake.png', type: 'image/png' }, sides(10, 10)));
    expect(text.statusCode).toBe(415);
    const svg = await uploadImage(clientUpload({ content: '<svg xmlns="http://www.w3.org/2000/svg"/>', fileName: 'x.svg', type: 'image/svg+xml' }, sides(10, 10)));
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toMatch(/unsupported file type/);
    // A PNG signature with a broken body passes sniffing but not decoding.
    const broken = new Uint8Array([...(await photo(20, 20)).subarray(0, 40)]);
    const truncated = await uploadImage(clientUpload({ content: broken, fileName: 'broken.jpg', type: 'image/jpeg' }, sides(20, 20)));
    expect(truncated.statusCode).toBe(415);
    expect(storedNames()).toEqual([]);
  });

  it('asks for the measured sides as LibreChat does (400) and stores nothing', async () => {
    await start();
    const noWidth = await uploadImage(clientUpload({ content: await photo(40, 30), fileName: 'a.jpg', type: 'image/jpeg' }, [['height', '30']]));
    expect(noWidth.statusCode).toBe(400);
    expect(noWidth.json().message).toBe('No width provided');
    const noHeight = await uploadImage(clientUpload({ content: await photo(40, 30), fileName: 'a.jpg', type: 'image/jpeg' }, [['width', '40']]));
    expect(noHeight.json().message).toBe('No height provided');
    expect(storedNames()).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    await start();
    const { payload, headers } = await multipartBody(clientUpload({ content: await photo(4, 4), fileName: 'a.jpg', type: 'image/jpeg' }, sides(4, 4)));
    expect((await app.inject({ method: 'POST', url: '/api/files/images', payload, headers })).statusCode).toBe(401);
  });
});
