import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import tarStream from 'tar-stream';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, registerUser, twoSignedInUsers, buildTestServer, type SignedInUser } from '../../../testing/build-test-server.js';
import { seedExportableData, seededDocument, userSnapshot } from '../../../testing/export-all-seed.js';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { multipartBody, onePixelPng } from '../../../testing/multipart-body.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';

const servers: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function source() {
  const { app, alice, bob } = await twoSignedInUsers({ plugins: fileStoragePlugins });
  servers.push(app);
  await seedExportableData(app, alice, 'alice');
  await seedExportableData(app, bob, 'bob');
  return { app, alice, bob };
}

async function freshInstance(yaml?: string) {
  const config = yaml === undefined ? undefined : writeYamlFile(yaml);
  const app = await buildTestServer({ plugins: fileStoragePlugins, configPath: config?.path });
  config?.remove();
  servers.push(app);
  return { app, carol: await registerUser(app) };
}

const exportOf = (app: FastifyInstance, account: SignedInUser | null) =>
  app.inject({ method: 'GET', url: '/api/user/export', headers: account ? bearer(account) : {} });

async function importArchive(app: FastifyInstance, account: SignedInUser, archive: Buffer) {
  const { payload, headers } = await multipartBody([['file', { content: new Uint8Array(archive), fileName: 'chatbox-export.tar.gz', type: 'application/gzip' }]]);
  return app.inject({ method: 'POST', url: '/api/convos/import', payload, headers: { ...headers, ...bearer(account) } });
}

function bytes(chunk: unknown): Buffer {
  if (!(chunk instanceof Uint8Array)) throw new Error('a tar stream gave something other than bytes');
  return Buffer.from(chunk);
}

/** A hand-made archive: a valid manifest, then these entries. */
async function craftArchive(entries: Array<[name: string, body: string | Buffer]>): Promise<Buffer> {
  const pack = tarStream.pack();
  const manifest = { format: 'chatbox-export', version: 1, exportedAt: new Date().toISOString(), user: { name: 'x', username: null, email: 'x@example.com' } };
  for (const [name, body] of [['manifest.json', JSON.stringify(manifest)] as const, ...entries]) pack.entry({ name }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(bytes(chunk));
  return gzipSync(Buffer.concat(chunks));
}

/** The archive's entries by name, unpacked with the same tar reader an operator's `tar -xzf` would agree with. */
async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tarStream.extract();
  Readable.from([gunzipSync(archive)]).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(bytes(chunk));
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  return entries;
}

describe('GET /api/user/export', () => {
  it('streams one gzipped tar of the caller\'s conversations (chatbox JSON), presets and files, and nobody else\'s', async () => {
    const { app, alice } = await source();
    const response = await exportOf(app, alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="chatbox-export-\d{4}-\d{2}-\d{2}\.tar\.gz"$/);
    const entries = await entriesOf(response.rawPayload);
    const names = [...entries.keys()];
    expect(names.slice(0, 3)).toEqual(['manifest.json', 'presets.json', 'files.json']);
    expect(names.filter((name) => name.startsWith('files/')).map((name) => name.replace(/^files\/[^/]+\//, '')).sort()).toEqual(['minutes.txt', 'pixel.png']);
    expect(names.filter((name) => name.startsWith('conversations/')).sort()).toEqual(['conversations/alice-conversation.json', 'conversations/alice-other.json']);

    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    expect(manifest).toEqual({ format: 'chatbox-export', version: 1, exportedAt: expect.any(String), user: { name: 'Test User', username: null, email: expect.stringContaining('@example.com') } });
    const everything = [...entries.values()].map((body) => body.toString('latin1')).join('\n');
    expect(everything).not.toMatch(/bob|\$2[aby]\$|password/i);

    const conversation = JSON.parse(entries.get('conversations/alice-conversation.json')!.toString());
    expect(Object.keys(conversation)).toEqual(['conversationId', 'endpoint', 'title', 'exportAt', 'branches', 'recursive', 'options', 'messages', 'chatbox']);
    expect(conversation.chatbox).toMatchObject({ version: 1, conversation: { conversationId: 'alice-conversation', temperature: 0.3, promptPrefix: 'Be brief.' } });
    expect(conversation.messages).toHaveLength(5);
    const document = names.find((name) => name.endsWith('/minutes.txt'))!;
    expect(entries.get(document)!.toString()).toBe(seededDocument);
    expect(entries.get(names.find((name) => name.endsWith('/pixel.png'))!)!.subarray(0, 8)).toEqual(onePixelPng.subarray(0, 8));
  });

  it('answers 401 without a session', async () => {
    const { app } = await source();
    expect((await exportOf(app, null)).statusCode).toBe(401);
  });
});

describe('export all, then import into a fresh instance', () => {
  it('gives back the same conversations, branches, options, timestamps, presets and file bytes, once', async () => {
    const { app, alice } = await source();
    const archive = (await exportOf(app, alice)).rawPayload;
    const target = await freshInstance();

    const imported = await importArchive(target.app, target.carol, archive);
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toEqual({
      message: 'Conversation(s) imported successfully', format: 'chatbox', imported: 2, skipped: 0, failed: [], failedCount: 0,
      presets: 1, files: { imported: 2, skipped: 0, failed: 0 },
    });
    const before = await userSnapshot(app, alice);
    const after = await userSnapshot(target.app, target.carol);
    expect(after).toEqual(before);
    // Not vacuous: the snapshot holds the branches, the attachments and their bytes.
    const harbour = after.conversations.find((conversation) => conversation.title === 'Harbour cranes')!;
    expect(harbour).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', temperature: 0.3, promptPrefix: 'Be brief.', createdAt: '2024-05-01T10:00:00.000Z', updatedAt: '2024-05-01T10:00:30.000Z' });
    expect(harbour.messages.filter((message) => message.parent === 'What is in these files?')).toHaveLength(2);
    expect(harbour.messages[0]!.files).toEqual([
      expect.objectContaining({ filename: 'pixel.png', type: 'image/png', width: 1, height: 1, pointsAtRecord: true, bytes: expect.stringMatching(/^.PNG/) }),
      expect.objectContaining({ filename: 'minutes.txt', pointsAtRecord: true, bytes: seededDocument }),
    ]);
    expect(after.presets).toEqual([expect.objectContaining({ title: 'alice preset', model: 'gpt-4o-mini', temperature: 0.7 })]);
    // The document's text is indexed on arrival, as an upload's is.
    const files = (await target.app.inject({ method: 'GET', url: '/api/files', headers: bearer(target.carol) })).json();
    expect(files.find((file: { filename: string }) => file.filename === 'minutes.txt')).toMatchObject({ embedded: true });

    const again = await importArchive(target.app, target.carol, archive);
    expect(again.json()).toMatchObject({ imported: 0, skipped: 2, presets: 1, files: { imported: 0, skipped: 2, failed: 0 } });
    expect(await userSnapshot(target.app, target.carol)).toEqual(before);
  });

  it('refuses a cut-off archive or one that is not chatbox\'s with a 400, keeping what came before the break', async () => {
    const { app, alice } = await source();
    const archive = (await exportOf(app, alice)).rawPayload;
    const target = await freshInstance();

    const cut = await importArchive(target.app, target.carol, archive.subarray(0, archive.length - 200));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toMatch(/^The archive is broken/);

    const pack = tarStream.pack();
    pack.entry({ name: 'readme.txt' }, 'hello');
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(bytes(chunk));
    const foreign = Buffer.concat(chunks);
    const refused = await importArchive(target.app, target.carol, gzipSync(foreign));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The archive is not a chatbox export: it does not start with manifest.json');
  });

  it('decides an archive file\'s type by its bytes, as an upload: a script posing as an image is not stored', async () => {
    const target = await freshInstance();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
    const archive = await craftArchive([
      ['files.json', JSON.stringify([
        { file_id: 'evil', filename: 'evil.png', type: 'image/png', bytes: svg.length },
        { file_id: 'good', filename: 'pixel.png', type: 'image/png', bytes: onePixelPng.length },
      ])],
      ['files/evil/evil.png', svg],
      ['files/good/pixel.png', onePixelPng],
    ]);
    const response = await importArchive(target.app, target.carol, archive);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ imported: 0, presets: 0, files: { imported: 1, skipped: 0, failed: 1 } });
    const files = (await target.app.inject({ method: 'GET', url: '/api/files', headers: bearer(target.carol) })).json();
    expect(files).toEqual([expect.objectContaining({ filename: 'pixel.png', type: 'image/png', bytes: onePixelPng.length, embedded: false })]);
  });

  it("keeps within the importing user's storage limit (fileConfig.userStorageLimit), as uploads do", async () => {
    const { app, alice } = await source();
    const archive = (await exportOf(app, alice)).rawPayload;
    // About 73 bytes: the 63-byte document fits, the image after it does not.
    const target = await freshInstance('fileConfig:\n  userStorageLimit: 0.00007\n');
    const response = await importArchive(target.app, target.carol, archive);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ imported: 2, files: { imported: 1, skipped: 0, failed: 1 } });
    const files = (await target.app.inject({ method: 'GET', url: '/api/files', headers: bearer(target.carol) })).json();
    expect(files.map((file: { filename: string }) => file.filename)).toEqual(['minutes.txt']);
  });

  it('holds the storage limit on the bytes that come, whatever size the record claims', async () => {
    const target = await freshInstance('fileConfig:\n  userStorageLimit: 0.00007\n');
    const archive = await craftArchive([
      ['files.json', JSON.stringify([{ file_id: 'big', filename: 'big.txt', type: 'text/plain', bytes: 1 }])],
      ['files/big/big.txt', 'x'.repeat(5000)],
    ]);
    const response = await importArchive(target.app, target.carol, archive);
    expect(response.json()).toMatchObject({ files: { imported: 0, skipped: 0, failed: 1 } });
    expect((await target.app.inject({ method: 'GET', url: '/api/files', headers: bearer(target.carol) })).json()).toEqual([]);
    expect(readdirSync(join(target.app.config.dataDir, 'uploads', target.carol.userId), { recursive: true })).toEqual([]);
  });
});
