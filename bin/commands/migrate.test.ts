import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/index.js';
import { hashPassword } from '../../core/auth/passwords.js';
import { createKeyVault, createUserKeys } from '../../core/keys/index.js';
import { buildServer } from '../../core/server/build-server.js';
import { copyToMongo, progressCollection } from '../../core/store/mongo/copy/index.js';
import { createMongoStore, type MongoStore } from '../../core/store/mongo/index.js';
import { createSqliteStore, type SqliteStore } from '../../core/store/sqlite/index.js';
import { createPluginAuths } from '../../core/tools/plugin-auths.js';
import type { Store } from '../../core/store/types.js';
import { startMeiliDouble } from '../../testing/meili-double/index.js';
import { startMongoDouble, type MongoDouble } from '../../testing/mongo-double/index.js';
import { runCli } from '../../testing/run-cli.js';

// Every migrate is a fresh Node process: on a loaded two-core machine a test of several takes far
// longer than the default limit (as in cli.test.ts).
vi.setConfig({ testTimeout: 120_000 });

const rootId = '00000000-0000-0000-0000-000000000000';
const credsKey = randomBytes(32).toString('hex');
const password = 'migrate-password-1';

let double: MongoDouble;
let cwd: string;
beforeAll(async () => {
  double = await startMongoDouble();
});
afterAll(async () => double?.close());
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'chatbox-migrate-'));
  mkdirSync(join(cwd, 'data'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const openSource = (): SqliteStore => createSqliteStore({ filename: join(cwd, 'data', 'chatbox.sqlite') });
const freshUri = () => double.uri(`migrated_${randomUUID().replaceAll('-', '')}`);
const migrate = (uri: string, ...extra: string[]) => runCli(['migrate', '--to', uri, '--from-data-dir', './data', '--batch-size', '2', ...extra], { cwd });
/** An indexed document of Alice's (the built-in document index): its text and passages must survive the move. */
const handbook = {
  fileId: 'f-2',
  fileName: 'handbook.txt',
  text: 'Opening hours. Walruses are fed at noon. Closing time.',
  chunks: ['Opening hours.', 'Walruses are fed at noon.', 'Closing time.'],
};

const migrateWith = (env: Record<string, string>, uri: string) => runCli(['migrate', '--to', uri, '--from-data-dir', './data'], { cwd, env });

/** A data dir with a bit of everything: several batches of each kind at --batch-size 2. */
async function seed(): Promise<{ aliceId: string; conversationIds: string[] }> {
  const store = openSource();
  const passwordHash = await hashPassword(password);
  const alice = await store.users.create({ name: 'Alice', username: 'alice', email: 'Alice@Example.com', provider: 'local', passwordHash });
  const bob = await store.users.create({ name: 'Bob', username: 'bob', email: 'bob@example.com', provider: 'github', providerId: 'gh-1', passwordHash: null });
  const carol = await store.users.create({ name: 'Carol', username: 'carol', email: 'carol@example.com', provider: 'local', passwordHash });
  const conversationIds: string[] = [];
  for (const [owner, count] of [[alice, 3], [bob, 1]] as const) {
    for (let index = 0; index < count; index++) {
      const conversationId = randomUUID();
      conversationIds.push(conversationId);
      const at = new Date(Date.UTC(2025, 0, 1 + index));
      await store.conversations.upsert({ conversationId, user: owner.id, title: `Chat ${index}`, endpoint: 'openAI', model: 'gpt-4o', temperature: 0.5, createdAt: at, updatedAt: at });
      const question = await store.messages.upsert({ messageId: randomUUID(), conversationId, user: owner.id, parentMessageId: rootId, sender: 'User', text: `Question ${index}`, isCreatedByUser: true, error: false, unfinished: false, createdAt: at });
      for (const text of ['First answer', 'Regenerated answer']) {
        await store.messages.upsert({ messageId: randomUUID(), conversationId, user: owner.id, parentMessageId: question.messageId, sender: 'GPT-4o', text, isCreatedByUser: false, error: false, unfinished: false, model: 'gpt-4o', tokenCount: 12, createdAt: new Date(at.getTime() + text.length) });
      }
    }
  }
  await store.presets.upsert({ presetId: 'p-default', user: alice.id, title: 'Default', defaultPreset: true, order: 1, endpoint: 'openAI' });
  await store.presets.upsert({ presetId: 'p-other', user: alice.id, title: 'Other', defaultPreset: false, order: null, temperature: 1 });
  await store.presets.upsert({ presetId: 'p-bob', user: bob.id, title: 'Bob', defaultPreset: true, order: null });
  await createUserKeys({ store, vault: createKeyVault(credsKey) }).save(alice.id, 'openAI', 'sk-alice-secret', null);
  await createPluginAuths({ store, vault: createKeyVault(credsKey), log: console }).save(alice.id, 'wolfram', { WOLFRAM_APP_ID: 'alice-wolfram-id' });
  await store.assistants.create({ id: 'asst_000000000000000000000001', user: alice.id, name: 'Tutor', description: null, instructions: 'Explain.', model: 'gpt-4o', tools: [{ type: 'retrieval' }], file_ids: ['f-1'], metadata: { author: alice.id } });
  await store.actions.save({ user: alice.id, action_id: '00000000-0000-4000-8000-000000000001', assistant_id: 'asst_000000000000000000000001', metadata: { domain: 'api.example.com', raw_spec: '{}', auth: { type: 'service_http', authorization_type: 'bearer' }, api_key: 'sealed' } });
  for (const [userId, amount] of [[alice.id, 1000], [alice.id, -250], [bob.id, 10]] as const) {
    await store.balances.record({ userId, conversationId: null, tokenType: 'credits', model: null, context: 'admin', rawAmount: amount, rate: 1, tokenValue: amount });
  }
  await store.sessions.create({ id: randomUUID(), userId: alice.id, familyId: randomUUID(), tokenHash: 'hash-1', expiresAt: new Date(Date.now() + 3_600_000) });
  await store.tokens.put({ userId: carol.id, purpose: 'email-verification', tokenHash: 'verify-1', expiresAt: new Date(Date.now() + 3_600_000) });
  await store.bans.put({ key: 'ip:10.0.0.1', reason: 'logins', expiresAt: new Date(Date.now() + 3_600_000) });
  await store.files.upsert({ file_id: 'f-1', user: alice.id, filename: 'notes.txt', filepath: '/uploads/notes.txt', type: 'text/plain', bytes: 3, source: 'local', context: 'message_attachment', embedded: false, width: null, height: null, conversationId: conversationIds[0] });
  await store.files.upsert({ file_id: handbook.fileId, user: alice.id, filename: handbook.fileName, filepath: '/uploads/handbook.txt', type: 'text/plain', bytes: handbook.text.length, source: 'local', context: 'message_attachment', embedded: true, width: null, height: null, conversationId: null });
  await store.documentChunks.replace({ userId: alice.id, ...handbook });
  await store.shares.create({
    shareId: randomBytes(16).toString('base64url'), userId: alice.id, conversationId: conversationIds[0], title: 'Chat 0',
    messages: [{ messageId: randomUUID(), parentMessageId: rootId, sender: 'User', text: 'Question 0', isCreatedByUser: true, error: false, unfinished: false, model: null, endpoint: null, images: [], attachmentCount: 0, createdAt: new Date(Date.UTC(2025, 0, 1)) }],
  });
  await store.close();
  return { aliceId: alice.id, conversationIds };
}

/** Everything a store holds, read through the export batches, for comparing two stores. */
async function snapshot(store: Store) {
  const all = async <T>(read: (after: string | null, limit: number) => Promise<{ items: T[]; next: string | null }>) => {
    const items: T[] = [];
    for (let after: string | null = null, first = true; first || after !== null; first = false) {
      const batch: { items: T[]; next: string | null } = await read(after, 100);
      items.push(...batch.items);
      after = batch.next;
    }
    return items;
  };
  return {
    users: await all((after, limit) => store.users.exportBatch(after, limit)),
    sessions: await all((after, limit) => store.sessions.exportBatch(after, limit)),
    tokens: await all((after, limit) => store.tokens.exportBatch(after, limit)),
    conversations: await all((after, limit) => store.conversations.exportBatch(after, limit)),
    messages: await all((after, limit) => store.messages.exportBatch(after, limit)),
    presets: await all((after, limit) => store.presets.exportBatch(after, limit)),
    keys: await all((after, limit) => store.keys.exportBatch(after, limit)),
    pluginAuths: await all((after, limit) => store.pluginAuths.exportBatch(after, limit)),
    assistants: await all((after, limit) => store.assistants.exportBatch(after, limit)),
    actions: await all((after, limit) => store.actions.exportBatch(after, limit)),
    balances: await store.balances.listBalances(),
    transactions: await all((after, limit) => store.balances.exportTransactions(after, limit)),
    bans: await all((after, limit) => store.bans.exportBatch(after, limit)),
    files: await all((after, limit) => store.files.exportBatch(after, limit)),
    documents: await all((after, limit) => store.documentChunks.exportBatch(after, limit)),
    shares: await all((after, limit) => store.shares.exportBatch(after, limit)),
  };
}

async function withTarget<T>(uri: string, use: (store: MongoStore) => Promise<T>): Promise<T> {
  const store = await createMongoStore({ uri });
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

describe('chatbox migrate', () => {
  it('copies every record, copies nothing twice on a re-run, and serves the same conversations from MongoDB', async () => {
    const { aliceId, conversationIds } = await seed();
    const uri = freshUri();

    const first = await migrate(uri);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('users: 3/3 (3 new, 0 changed)');
    expect(first.stdout).toContain('messages: 12/12 (12 new, 0 changed)');
    expect(first.stdout).toContain('transactions: 3/3 (3 new, 0 changed)');
    expect(first.stdout).toContain('documents: 1/1 (1 new, 0 changed)');
    expect(first.stdout).toContain('plugin auths: 1/1 (1 new, 0 changed)');
    expect(first.stdout).toContain('assistants: 1/1 (1 new, 0 changed)');
    expect(first.stdout).toContain('shares: 1/1 (1 new, 0 changed)');
    expect(first.stdout).toContain('actions: 1/1 (1 new, 0 changed)');
    expect(first.stdout).toMatch(/Done in [\d.]+ s: read 38, wrote 38 new and 0 changed record\(s\)/);

    const second = await migrate(uri);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('wrote 0 new and 0 changed');
    expect(second.stdout).toContain('Nothing new to copy');

    const source = openSource();
    const expected = await snapshot(source);
    await source.close();
    await withTarget(uri, async (target) => {
      expect(await snapshot(target)).toEqual(expected);
      // Still encrypted with the same CREDS_KEY: it opens on the new store.
      expect(await createUserKeys({ store: target, vault: createKeyVault(credsKey) }).get(aliceId, 'openAI')).toBe('sk-alice-secret');
      expect(await createPluginAuths({ store: target, vault: createKeyVault(credsKey), log: console }).read(aliceId, 'wolfram')).toEqual({ WOLFRAM_APP_ID: 'alice-wolfram-id' });
      expect(await target.balances.get(aliceId)).toBe(750);
      expect((await target.presets.list(aliceId)).filter((preset) => preset.defaultPreset).map((preset) => preset.presetId)).toEqual(['p-default']);
      expect(await target.database.collection(progressCollection).countDocuments({ done: true })).toBe(16);
      // The file still says embedded, and a turn finds its text and passages in MongoDB, once each.
      expect((await target.files.find(aliceId, handbook.fileId))?.embedded).toBe(true);
      expect(await target.documentChunks.wholeText(aliceId, handbook.fileId)).toBe(handbook.text);
      const hits = await target.documentChunks.search({ userId: aliceId, fileIds: [handbook.fileId], terms: ['walruses'], limit: 5 });
      expect(hits.map((hit) => [hit.fileName, hit.text])).toEqual([[handbook.fileName, 'Walruses are fed at noon.']]);
      expect(await target.collections.documentChunks.countDocuments()).toBe(3);
      expect(await target.collections.documentTexts.countDocuments()).toBe(1);
    });

    const config = await loadConfig({ dataDir: join(cwd, 'server-data'), env: { CREDS_KEY: credsKey } });
    const app = await buildServer(config, { store: await createMongoStore({ uri }), uiDistDir: join(cwd, 'no-ui') });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'alice@example.com', password } });
      expect(login.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${login.json().token}` };
      const list = (await app.inject({ method: 'GET', url: '/api/convos', headers })).json();
      expect(list.conversations.map((conversation: { conversationId: string }) => conversation.conversationId)).toEqual(conversationIds.slice(0, 3).reverse());
      const messages = (await app.inject({ method: 'GET', url: `/api/messages/${conversationIds[2]}`, headers })).json();
      expect(messages.map((message: { text: string }) => message.text)).toEqual(['Question 2', 'First answer', 'Regenerated answer']);
      expect(messages[2].parentMessageId).toBe(messages[0].messageId);
    } finally {
      await app.close();
    }
  });

  it('resumes an interrupted copy where it stopped', async () => {
    await seed();
    const uri = freshUri();
    const source = openSource();
    await withTarget(uri, async (target) => {
      const interrupted = copyToMongo({
        source,
        target,
        batchSize: 2,
        onProgress: (report) => {
          if (report.step === 'sessions') throw new Error('interrupted');
        },
      });
      await expect(interrupted).rejects.toThrow('interrupted');
      expect(await target.collections.users.countDocuments()).toBe(3);
      expect(await target.collections.messages.countDocuments()).toBe(0);
    });
    await source.close();

    const resumed = await migrate(uri);
    expect(resumed.code).toBe(0);
    // The short last batch of users is read again (idempotently); nothing is written twice.
    expect(resumed.stdout).toContain('users: 3/3 (0 new, 0 changed)');
    expect(resumed.stdout).toContain('messages: 12/12 (12 new, 0 changed)');
    await withTarget(uri, async (target) => {
      expect(await target.collections.users.countDocuments()).toBe(3);
      expect(await target.collections.messages.countDocuments()).toBe(12);
    });
  });

  it('picks up records added since the last run, and refuses a bad source or target', async () => {
    const { aliceId } = await seed();
    const uri = freshUri();
    expect((await migrate(uri)).code).toBe(0);
    const source = openSource();
    const dave = await source.users.create({ name: 'Dave', username: 'dave', email: 'dave@example.com', provider: 'local', passwordHash: null });
    await source.close();
    const again = await migrate(uri);
    expect(again.stdout).toContain('users: 4/4 (1 new, 0 changed)');
    await withTarget(uri, async (target) => expect(await target.users.findByEmail('dave@example.com')).toEqual(dave));

    // Re-indexed shorter since: the copy replaces its text and drops the passages it no longer has.
    const reindexing = openSource();
    await reindexing.documentChunks.replace({ userId: aliceId, ...handbook, text: 'Walruses moved.', chunks: ['Walruses moved.'] });
    await reindexing.close();
    const reindexed = await migrate(uri);
    expect(reindexed.stdout).toContain('documents: 1/1 (0 new, 1 changed)');
    await withTarget(uri, async (target) => {
      expect(await target.documentChunks.wholeText(aliceId, handbook.fileId)).toBe('Walruses moved.');
      expect((await target.documentChunks.search({ userId: aliceId, fileIds: [handbook.fileId], terms: ['walruses', 'hours'], limit: 5 })).map((hit) => hit.text)).toEqual(['Walruses moved.']);
    });

    const missing = await runCli(['migrate', '--to', uri, '--from-data-dir', './nowhere'], { cwd });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no chatbox database at');
    const notMongo = await runCli(['migrate', '--to', 'postgres://localhost/db'], { cwd });
    expect(notMongo.code).toBe(1);
    expect(notMongo.stderr).toContain('--to must be a mongodb://');
    const noTarget = await runCli(['migrate'], { cwd });
    expect(noTarget.code).toBe(1);
    expect(noTarget.stderr).toContain('--to');
  });

  it('rebuilds the Meilisearch index from MongoDB when Meilisearch is configured, and only warns when it does not answer', async () => {
    await seed();
    const meili = await startMeiliDouble();
    try {
      const env = { MEILI_HOST: meili.url, MEILI_MASTER_KEY: meili.masterKey! };
      const indexed = await migrateWith(env, freshUri());
      expect(indexed.code).toBe(0);
      expect(indexed.stdout).toContain('Search: 4 conversations, 12 messages and 3 document passages indexed in Meilisearch.');
      await meili.stop();
      const unreachable = await migrateWith(env, freshUri());
      expect(unreachable.code).toBe(0);
      expect(unreachable.stdout).toContain('wrote 38 new');
      expect(unreachable.stderr).toContain('warning: Meilisearch was not updated');
      expect(unreachable.stderr).toContain('chatbox search reindex');
    } finally {
      await meili.close();
    }
  });
});
