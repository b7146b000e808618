import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openConnection } from '../../store/sqlite/database.js';
import { createSqliteStore } from '../../store/sqlite/index.js';
import { migrate } from '../../store/sqlite/migrate.js';
import { initialMigration } from '../../store/sqlite/migrations/001-initial.js';
import { createTestUser, seedConversations } from '../contract/search-fixtures.js';
import { describeSearchBackend } from '../contract/search-suite.js';
import { createFtsSearchIndex } from './fts-search-index.js';
import { ftsMatchExpression, ftsUserMatch } from './fts-query.js';

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const page = { pageNumber: 1, pageSize: 25 };
const temporaryDirectory = mkdtempSync(join(tmpdir(), 'chatbox-fts-'));
afterAll(() => rmSync(temporaryDirectory, { recursive: true, force: true }));

describeSearchBackend('sqlite fts5', async () => {
  const store = createSqliteStore({ filename: ':memory:' });
  const search = createFtsSearchIndex(store, logger);
  await search.start();
  return { store, search, settle: async () => {}, close: () => store.close() };
});

describe('ftsMatchExpression', () => {
  it('quotes every word as a prefix term and drops everything else', () => {
    expect(ftsMatchExpression('hel wor')).toBe('"hel"* "wor"*');
    expect(ftsMatchExpression('NEAR("a" b) AND -c*')).toBe('"NEAR"* "a"* "b"* "AND"* "c"*');
    expect(ftsMatchExpression('Café-crème 42')).toBe('"Café"* "crème"* "42"*');
    expect(ftsMatchExpression('"*-()^:')).toBeNull();
    expect(ftsMatchExpression(Array.from({ length: 40 }, (_, index) => `w${index}`).join(' '))!.split(' ')).toHaveLength(16);
  });
});

describe('sqlite fts5 search index', () => {
  it('indexes in the data transaction: a rolled-back write never reaches the index', async () => {
    const store = createSqliteStore({ filename: ':memory:' });
    const search = createFtsSearchIndex(store, logger);
    await search.start();
    const user = await createTestUser(store, 'ada');
    expect(() =>
      store.transaction(() => {
        // Not awaited: the SQLite writes happen synchronously, inside this transaction.
        void seedConversations(store, user, [{ messages: ['ephemeral albatross'] }]);
        throw new Error('the turn failed');
      }),
    ).toThrow('the turn failed');
    expect((await search.search(user.id, 'albatross', page)).total).toBe(0);
    const count = (table: string) => (store.database.prepare(`SELECT COUNT(*) AS total FROM ${table}`).get() as { total: number }).total;
    await seedConversations(store, user, [{ messages: ['one', 'two', 'three'] }]);
    expect(count('messages_fts_docsize')).toBe(count('messages'));
    await store.users.delete(user.id);
    expect([count('messages_fts_docsize'), count('conversations_fts_docsize')]).toEqual([0, 0]);
    await store.close();
  });

  it('backfills the index when an existing database is migrated', async () => {
    const filename = join(temporaryDirectory, 'before-search.sqlite');
    const connection = openConnection(filename);
    migrate(connection, [initialMigration]);
    const insert = (sql: string, ...values: unknown[]) => connection.database.prepare(sql).run(...values);
    insert("INSERT INTO users (id, name, username, email, email_key, email_verified, provider, role, plugins, created_at, updated_at) VALUES ('u1', 'Old', 'old', 'old@example.com', 'old@example.com', 0, 'local', 'USER', '[]', 0, 0)");
    insert("INSERT INTO conversations VALUES ('u1', 'c1', 'Archived recipes', '{}', 0, 0)");
    insert("INSERT INTO messages VALUES ('u1', 'm1', 'c1', '00000000-0000-0000-0000-000000000000', 'User', 'grandmother''s lasagna', 1, 0, 0, '{}', 0, 0)");
    connection.database.close();

    const store = createSqliteStore({ filename });
    const search = createFtsSearchIndex(store, logger);
    await search.start();
    expect(await search.search('u1', 'lasag', page)).toEqual({ total: 1, conversations: [{ conversationId: 'c1', messages: [{ messageId: 'm1', highlightedText: "grandmother's **lasagna**" }] }] });
    expect((await search.search('u1', 'recipes', page)).total).toBe(1);
    await search.stop();
    await store.close();
  });

  it('checks a database file in a worker thread once started, and rebuilds an index that no longer matches', async () => {
    const store = createSqliteStore({ filename: join(temporaryDirectory, 'vacuumed.sqlite') });
    const user = await createTestUser(store, 'ada');
    await seedConversations(store, user, [{ messages: ['narwhal sighting'] }, { messages: ['walrus'] }]);
    store.database.prepare("INSERT INTO messages_fts (messages_fts) VALUES ('delete-all')").run();
    const warn = vi.fn();
    const search = createFtsSearchIndex(store, { ...logger, warn });
    await search.start();
    await search.flush();
    expect(warn.mock.calls).toEqual([[expect.stringContaining('rebuilding'), { index: 'messages' }]]);
    expect((await search.search(user.id, 'narwhal', page)).total).toBe(1);
    await search.stop();
    await store.close();
  });

  it('leaves a matching index on a database file alone, and stops a check still running without a warning', async () => {
    const store = createSqliteStore({ filename: join(temporaryDirectory, 'intact.sqlite') });
    const user = await createTestUser(store, 'ada');
    await seedConversations(store, user, [{ messages: ['narwhal sighting'] }]);
    const warn = vi.fn();
    const finished = createFtsSearchIndex(store, { ...logger, warn });
    await finished.start();
    await finished.flush();
    const stopped = createFtsSearchIndex(store, { ...logger, warn });
    await stopped.start();
    await stopped.stop();
    expect(warn).not.toHaveBeenCalled();
    expect((await finished.search(user.id, 'narwhal', page)).total).toBe(1);
    await finished.stop();
    await store.close();
  });

  it('rebuilds at start an index that no longer matches its table, and turns the outbox off', async () => {
    const store = createSqliteStore({ filename: ':memory:' });
    const user = await createTestUser(store, 'ada');
    await seedConversations(store, user, [{ messages: ['narwhal sighting'] }]);
    await store.searchOutbox.setEnabled(true);
    // What a rowid-renumbering VACUUM would leave: an index that points at nothing.
    store.database.prepare("INSERT INTO messages_fts (messages_fts) VALUES ('delete-all')").run();
    const search = createFtsSearchIndex(store, logger);
    expect((await search.search(user.id, 'narwhal', page)).total).toBe(0);
    await search.start();
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('rebuilding'), { index: 'messages' });
    expect((await search.search(user.id, 'narwhal', page)).total).toBe(1);
    expect(await store.searchOutbox.isEnabled()).toBe(false);
    await seedConversations(store, user, [{ messages: ['no outbox row for this'] }]);
    expect(await store.searchOutbox.count()).toBe(0);
    await store.close();
  });

  it("narrows the index to the user's rows, and never matches a word against an id", async () => {
    const store = createSqliteStore({ filename: ':memory:' });
    const search = createFtsSearchIndex(store, logger);
    const [ada, bob] = [await createTestUser(store, 'ada'), await createTestUser(store, 'bob')];
    await seedConversations(store, ada, [{ messages: ['shared walrus'] }]);
    await seedConversations(store, bob, [{ messages: ['shared walrus', 'another walrus'] }]);
    expect((await search.search(ada.id, 'walrus', page)).conversations).toHaveLength(1);
    expect((await search.search(bob.id, 'walrus', page)).conversations[0].messages).toHaveLength(2);
    // The user id is indexed too: the first part of it typed as a word finds nothing.
    expect((await search.search(ada.id, ada.id.split('-')[0], page)).total).toBe(0);
    const narrowed = store.database
      .prepare('SELECT COUNT(*) AS total FROM messages_fts WHERE messages_fts MATCH ?')
      .get(ftsUserMatch(ftsMatchExpression('walrus')!, ada.id)) as { total: number };
    expect(narrowed.total).toBe(1);
    await store.close();
  });

  it('answers from the full-text index, not a scan of the messages table', async () => {
    const store = createSqliteStore({ filename: ':memory:' });
    const plan = store.database
      .prepare("EXPLAIN QUERY PLAN SELECT m.message_id FROM messages_fts JOIN messages AS m ON m.rowid = messages_fts.rowid WHERE messages_fts MATCH '\"x\"*' AND m.user_id = 'u'")
      .all()
      .map((step) => (step as { detail: string }).detail)
      .join('\n');
    expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
    expect(plan).not.toMatch(/SCAN m\b/);
    await store.close();
  });
  it('re-indexes a message or a title only when its text changes', async () => {
    const store = createSqliteStore({ filename: ':memory:' });
    const search = createFtsSearchIndex(store, logger);
    await search.start();
    const user = await createTestUser(store, 'ada');
    const [seeded] = await seedConversations(store, user, [{ title: 'Gardening notes', messages: ['tomatoes need sun'] }]);
    const segments = () => (store.database.prepare('SELECT (SELECT COUNT(*) FROM messages_fts_data) + (SELECT COUNT(*) FROM conversations_fts_data) AS total').get() as { total: number }).total;
    const before = segments();
    // A turn's bookkeeping: same title and text, other fields changed.
    await store.conversations.update(user.id, seeded.conversationId, { model: 'gpt-4.1' });
    await store.messages.update(user.id, seeded.messageIds[0], { unfinished: true });
    expect(segments()).toBe(before);

    await store.messages.update(user.id, seeded.messageIds[0], { text: 'cucumbers need water' });
    await store.conversations.update(user.id, seeded.conversationId, { title: 'Vegetable notes' });
    expect(segments()).toBeGreaterThan(before);
    expect((await search.search(user.id, 'tomatoes', page)).total).toBe(0);
    expect((await search.search(user.id, 'cucumbers', page)).total).toBe(1);
    expect((await search.search(user.id, 'gardening', page)).total).toBe(0);
    expect((await search.search(user.id, 'vegetable', page)).total).toBe(1);
    store.database.exec("INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check'); INSERT INTO conversations_fts (conversations_fts) VALUES ('integrity-check');");
    await store.close();
  });
});
