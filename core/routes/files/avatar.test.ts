import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { multipartBody, onePixelPng, type FormPart } from '../../../testing/multipart-body.js';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;
const configDirs: string[] = [];

afterEach(async () => {
  await app?.close();
  for (const dir of configDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(yamlLines?: string): Promise<void> {
  let configPath: string | undefined;
  if (yamlLines !== undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'chatbox-avatar-yaml-'));
    configDirs.push(dir);
    configPath = join(dir, 'librechat.yaml');
    writeFileSync(configPath, `version: 1.0.5\n${yamlLines}`);
  }
  ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins, configPath }));
}

/**
 * A real picture: green in the middle, red in the strips left and right of the centred square
 * (none when it is tall), so a squashed or off-centre crop shows red in the result.
 */
async function framedPng(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const side = Math.min(width, height);
  const green = await sharp({ create: { width: side, height: side, channels: 3, background: '#00ff00' } }).png().toBuffer();
  const picture = sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([{ input: green, left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2) }]);
  return new Uint8Array(await picture.png().toBuffer());
}

async function uploadAvatar(parts: FormPart[], account: SignedInUser | null = alice) {
  const { payload, headers } = await multipartBody(parts);
  return app.inject({ method: 'POST', url: '/api/files/images/avatar', payload, headers: { ...headers, ...(account ? bearer(account) : {}) } });
}

const avatarParts = (content: Uint8Array<ArrayBuffer> | string, manual: string, type = 'image/png'): FormPart[] => [
  ['input', { content, fileName: 'me.png', type }],
  ['manual', manual],
];

function storedNames(userId: string): string[] {
  try {
    return readdirSync(join(app.config.dataDir, 'uploads', userId));
  } catch {
    return [];
  }
}

describe('POST /api/files/images/avatar', () => {
  it('stores a centred 150×150 square the owner can load, and makes it her avatar with manual=true', async () => {
    await start();
    const response = await uploadAvatar(avatarParts(await framedPng(400, 200), 'true'));
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(new RegExp(`^/uploads/${alice.userId}/avatar-\\d+\\.png\\?manual=true$`));
    expect((await app.store.users.findById(alice.userId))?.avatar).toBe(url);

    const image = await app.inject({ method: 'GET', url, headers: bearer(alice) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 150, height: 150 });
    // The crop took exactly the middle 200×200 of the picture: green from edge to edge, no red strip.
    const { data, info } = await sharp(image.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    // (Resampling blends the outermost pixel a little; a red strip would make it mostly red.)
    for (const [x, y] of [[0, 75], [149, 75], [75, 0], [75, 149]]) {
      const [red, green] = pixel(x, y);
      expect(red).toBeLessThan(32);
      expect(green).toBeGreaterThan(224);
    }
    // Another user cannot load it.
    expect((await app.inject({ method: 'GET', url, headers: bearer(bob) })).statusCode).toBe(403);
  });

  it('replaces the previous avatar file when a new one is set, and converts to imageOutputType', async () => {
    await start('imageOutputType: webp\n');
    const first = (await uploadAvatar(avatarParts(await framedPng(300, 300), 'true'))).json().url;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await uploadAvatar(avatarParts(await framedPng(160, 500), 'true'));
    expect(second.statusCode).toBe(200);
    const { url } = second.json();
    expect(url).not.toBe(first);
    expect(url).toMatch(/\/avatar-\d+\.webp\?manual=true$/);
    expect(storedNames(alice.userId)).toEqual([url.split('/').pop().split('?')[0]]);
    const image = await app.inject({ method: 'GET', url, headers: bearer(alice) });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 150, height: 150 });
  });

  it('leaves user.avatar alone with manual=false, but still stores and answers the picture', async () => {
    await start();
    const response = await uploadAvatar(avatarParts(await framedPng(50, 80), 'false'));
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/\/avatar-\d+\.png\?manual=false$/);
    expect((await app.store.users.findById(alice.userId))?.avatar).toBeNull();
    const image = await app.inject({ method: 'GET', url, headers: bearer(alice) });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 150, height: 150 });
  });

  it('refuses an image over avatarSizeLimit (default 2 MB) with 413 and stores nothing', async () => {
    await start();
    const tooLarge = new Uint8Array(2 * 1024 * 1024 + 1);
    tooLarge.set(onePixelPng);
    const response = await uploadAvatar(avatarParts(tooLarge, 'true'));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('File size exceeds 2 MB.');
    expect(storedNames(alice.userId)).toEqual([]);
    expect((await app.store.users.findById(alice.userId))?.avatar).toBeNull();
  });

  it('holds the yaml avatarSizeLimit', async () => {
    await start('fileConfig:\n  avatarSizeLimit: 0.01\n');
    const response = await uploadAvatar(avatarParts(new Uint8Array(new Uint8Array(20_000).fill(7)), 'true'));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('File size exceeds 0.01 MB.');
  });

  it('refuses a text file (even one declared as an image) and an svg with 415', async () => {
    await start();
    for (const [content, type] of [
      ['just some words', 'text/plain'],
      ['just some words', 'image/png'],
      ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/svg+xml'],
    ]) {
      const response = await uploadAvatar(avatarParts(content, 'true', type));
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toMatch(/^Currently, unsupported file type: /);
    }
    expect(storedNames(alice.userId)).toEqual([]);
  });

  it('answers 400 without the input part and 401 without a session', async () => {
    await start();
    const missing = await uploadAvatar([['manual', 'true']]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('No image provided');
    const wrongPart = await uploadAvatar([['file', { content: new Uint8Array(onePixelPng), fileName: 'a.png', type: 'image/png' }]]);
    expect(wrongPart.statusCode).toBe(400);
    const anonymous = await uploadAvatar(avatarParts(await framedPng(20, 20), 'true'), null);
    expect(anonymous.statusCode).toBe(401);
  });
});
