import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config/config-error.js';
import { createTestUser, seedConversations } from '../../search/contract/search-fixtures.js';
import { fileInput } from '../conformance/context.js';
import { describeStoreContract } from '../conformance/index.js';
import { openConnection } from './database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { createSqliteStore } from './sqlite-store.js';

const temporaryDirectory = mkdtempSync(join(tmpdir(), 'chatbox-store-'));
afterAll(() => rmSync(temporaryDirectory, { recursive: true, force: true }));
const temporaryFile = (): string => join(temporaryDirectory, `${randomUUID()}.sqlite`);

describeStoreContract('sqlite (:memory:)', async () => createSqliteStore({ filename: ':memory:' }));
describeStoreContract('sqlite (file, WAL)', async () => createSqliteStore({ filename: temporaryFile() }));

describe('sqlite store', () => {
  it('opens a file database in WAL mode with foreign keys, a busy timeout and synchronous NORMAL', async () => {
    const store = createSqliteStore({ filename: temporaryFile() });
    expect(store.database.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.database.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.database.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(store.database.pragma('synchronous', { simple: true })).toBe(1);
    await store.close();
    await store.close();
  });

  it('applies each migration once and keeps the data when reopened', async () => {
    const filename = temporaryFile();
    const first = createSqliteStore({ filename });
    const user = await first.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', provider: 'local', passwordHash: 'hash' });
    await first.close();

    const reopened = createSqliteStore({ filename });
    const applied = reopened.database.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(applied).toEqual(migrations.map(({ version, name }) => ({ version, name })));
    expect(await reopened.users.findById(user.id)).toEqual(user);
    await reopened.close();
  });

  it('migration 012 keeps pending outbox entries in order and lets document passages into the outbox', async () => {
    const filename = temporaryFile();
    const before = openConnection(filename);
    migrate(before, migrations.filter((migration) => migration.version < 12));
    before.database.exec(`INSERT INTO search_outbox (index_name, kind, user_id, document_id, attempts, available_at, created_at)
      VALUES ('messages', 'document', 'u1', 'm1', 2, 0, 0), ('convos', 'user', 'u1', 'u1', 0, 0, 0)`);
    before.database.close();

    const store = createSqliteStore({ filename });
    expect(await store.searchOutbox.count()).toBe(2);
    await store.searchOutbox.setEnabled(true);
    const user = await createTestUser(store, 'ada');
    const [conversation] = await seedConversations(store, user, [{ messages: ['hello'] }]);
    await store.files.upsert(fileInput(user.id, { file_id: 'f1' }));
    await store.documentChunks.replace({ userId: user.id, fileId: 'f1', fileName: 'a.md', text: 'abc', chunks: ['abc'] });
    const entries = await store.searchOutbox.claim(100, new Date(), 60_000);
    expect(entries.slice(0, 2)).toMatchObject([{ index: 'messages', documentId: 'm1', attempts: 2 }, { index: 'convos', kind: 'user' }]);
    // The triggers of migration 003 still record conversation writes after the rebuild.
    expect(entries.slice(2).map(({ index, kind, documentId }) => [index, kind, documentId])).toEqual(
      expect.arrayContaining([['messages', 'document', conversation.messageIds[0]], ['convos', 'document', conversation.conversationId], ['document_chunks', 'document', 'f1']]),
    );
    expect(Number(entries[2].id)).toBeGreaterThan(Number(entries[1].id));
    await store.close();
  });

  it('refuses a database written by a newer chatbox', async () => {
    const filename = temporaryFile();
    const store = createSqliteStore({ filename });
    store.database.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(999, 'future', Date.now());
    await store.close();
    expect(() => createSqliteStore({ filename })).toThrow(ConfigError);
  });

  it('rolls back every write of a failed transaction', async () => {
    const store = createSqliteStore({ filename: ':memory:' });
    const user = await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', provider: 'local', passwordHash: 'hash' });
    expect(() =>
      store.transaction(() => {
        store.database.prepare('UPDATE users SET name = ? WHERE id = ?').run('Changed', user.id);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect((await store.users.findById(user.id))?.name).toBe('Ada');
    await store.close();
  });

  it('pages the conversation list from the (user, updatedAt) index on 100k rows', async () => {
    const store = createSqliteStore({ filename: ':memory:' });
    const user = await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', provider: 'local', passwordHash: 'hash' });
    const other = await store.users.create({ name: 'Bob', username: 'bob', email: 'bob@example.com', provider: 'local', passwordHash: 'hash' });
    const insert = store.database.prepare(
      "INSERT INTO conversations (user_id, conversation_id, title, options, created_at, updated_at) VALUES (?, ?, 'Chat', '{}', ?, ?)",
    );
    store.transaction(() => {
      for (let index = 0; index < 100_000; index++) insert.run(index % 2 ? user.id : other.id, `c-${index}`, index, index);
    });

    const plan = store.database
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM conversations WHERE user_id = ? ORDER BY updated_at DESC, conversation_id DESC LIMIT 25 OFFSET 0')
      .all('x')
      .map((step) => (step as { detail: string }).detail)
      .join('\n');
    expect(plan).toContain('conversations_user_updated');

    // Speed is measured by bench/, not here: this checks the plan and the page's content.
    const page = await store.conversations.list(user.id, { offset: 1000, limit: 25 });
    expect(page.total).toBe(50_000);
    expect(page.items[0].conversationId).toBe(`c-${99_999 - 2000}`);
    await store.close();
  });
});
