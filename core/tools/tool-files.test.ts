import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStoragePlugins } from '../../testing/file-storage-plugins.js';
import { testPng } from '../../testing/fake-tool-services/media-fake-server.js';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../testing/build-test-server.js';
import { writeYamlFile } from '../../testing/yaml-file.js';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;
let yaml: { path: string; remove(): void } | undefined;

async function start(yamlBody?: string): Promise<void> {
  yaml = yamlBody === undefined ? undefined : writeYamlFile(yamlBody);
  ({ app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins, configPath: yaml?.path }));
}
afterEach(async () => {
  await app?.close();
  yaml?.remove();
});

describe('ToolContext.saveFile (the chat services\' toolFiles)', () => {
  it('keeps a generated image as the user\'s file: context image_generation, listed by GET /api/files, served to its owner only', async () => {
    await start();
    const png = await testPng(64, 48);
    const saved = await app.chat.toolFiles({ userId: alice.userId, conversationId: 'convo-1' }, { name: 'img-a-fox.png', mediaType: 'image/png', body: png });
    expect(saved).toEqual({ file_id: expect.any(String), filepath: `/uploads/${alice.userId}/${saved.file_id}.png`, width: 64, height: 48 });

    const files = (await app.inject({ method: 'GET', url: '/api/files', headers: bearer(alice) })).json();
    expect(files).toEqual([expect.objectContaining({ file_id: saved.file_id, filename: 'img-a-fox.png', filepath: saved.filepath, type: 'image/png', bytes: png.length, context: 'image_generation', source: 'local', width: 64, height: 48, conversationId: 'convo-1' })]);
    expect((await app.inject({ method: 'GET', url: '/api/files', headers: bearer(bob) })).json()).toEqual([]);

    const own = await app.inject({ method: 'GET', url: saved.filepath, headers: bearer(alice) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(png)).toBe(true);
    expect((await app.inject({ method: 'GET', url: saved.filepath, headers: bearer(bob) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: saved.filepath })).statusCode).toBe(401);
  });

  it('stores the type the bytes are, whatever the tool claims, and refuses bytes that are no image', async () => {
    await start();
    const saved = await app.chat.toolFiles({ userId: alice.userId }, { name: 'img.jpg', mediaType: 'image/jpeg', body: await testPng() });
    expect(saved.filepath).toMatch(/\.png$/);
    await expect(app.chat.toolFiles({ userId: alice.userId }, { name: 'page.png', mediaType: 'image/png', body: Buffer.from('<html><script>alert(1)</script></html>') })).rejects.toMatchObject({ code: 'unsupported_file_type' });
    expect(await app.store.files.list(alice.userId)).toHaveLength(1);
  });

  it('holds generated images to the user\'s storage quota and serverFileSizeLimit', async () => {
    const png = await testPng(64, 48);
    // Room for one image, not two.
    await start(`fileConfig:\n  userStorageLimit: ${(png.length * 1.5) / (1024 * 1024)}\n`);
    await app.chat.toolFiles({ userId: alice.userId }, { name: 'first.png', mediaType: 'image/png', body: png });
    await expect(app.chat.toolFiles({ userId: alice.userId }, { name: 'second.png', mediaType: 'image/png', body: png })).rejects.toMatchObject({ code: 'storage_quota_exceeded' });
    // Bob's quota is his own.
    await expect(app.chat.toolFiles({ userId: bob.userId }, { name: 'first.png', mediaType: 'image/png', body: png })).resolves.toMatchObject({ width: 64 });
    await app.close();
    yaml?.remove();
    await start('fileConfig:\n  serverFileSizeLimit: 0.0001\n');
    await expect(app.chat.toolFiles({ userId: alice.userId }, { name: 'big.png', mediaType: 'image/png', body: await testPng(400, 400) })).rejects.toMatchObject({ code: 'file_too_large' });
  });

  it('keeps a code interpreter\'s files of any type with context assistants_output, non-images as downloads only', async () => {
    await start();
    const csv = await app.chat.toolFiles({ userId: alice.userId, conversationId: 'convo-1' }, { name: 'report.csv', mediaType: 'text/csv', body: Buffer.from('x,y\n1,2\n'), context: 'assistants_output' });
    expect(csv).toEqual({ file_id: expect.any(String), filepath: `/uploads/${alice.userId}/${csv.file_id}.csv` });
    // Bytes that are no image never get an image's name, so they are never shown inline.
    const fake = await app.chat.toolFiles({ userId: alice.userId }, { name: 'page.png', mediaType: 'image/png', body: Buffer.from('<html><script>alert(1)</script></html>'), context: 'assistants_output' });
    expect(fake.filepath).toBe(`/uploads/${alice.userId}/${fake.file_id}`);
    const plot = await app.chat.toolFiles({ userId: alice.userId }, { name: 'plot.png', mediaType: 'image/png', body: await testPng(20, 10), context: 'assistants_output' });
    expect(plot).toMatchObject({ width: 20, height: 10, filepath: `/uploads/${alice.userId}/${plot.file_id}.png` });

    const files = (await app.inject({ method: 'GET', url: '/api/files', headers: bearer(alice) })).json();
    expect(files).toEqual(expect.arrayContaining([
      expect.objectContaining({ file_id: csv.file_id, filename: 'report.csv', type: 'text/csv', context: 'assistants_output', bytes: 8, conversationId: 'convo-1' }),
      expect.objectContaining({ file_id: fake.file_id, type: 'application/octet-stream', context: 'assistants_output' }),
      expect.objectContaining({ file_id: plot.file_id, type: 'image/png', context: 'assistants_output', width: 20, height: 10 }),
    ]));
    const download = await app.inject({ method: 'GET', url: csv.filepath, headers: bearer(alice) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.body).toBe('x,y\n1,2\n');
    expect((await app.inject({ method: 'GET', url: fake.filepath, headers: bearer(alice) })).headers['content-type']).toBe('application/octet-stream');
    expect((await app.inject({ method: 'GET', url: csv.filepath, headers: bearer(bob) })).statusCode).toBe(403);
  });
});
