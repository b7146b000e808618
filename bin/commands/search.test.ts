import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFtsSearchIndex } from '../../core/search/sqlite/fts-search-index.js';
import { createTestUser, seedConversations } from '../../core/search/contract/search-fixtures.js';
import { fileInput } from '../../core/store/conformance/context.js';
import { createSqliteStore } from '../../core/store/sqlite/index.js';
import { useCliCommandHarness } from '../../testing/cli-command-harness.js';
import { startMeiliDouble, type MeiliDouble } from '../../testing/meili-double/index.js';
import { searchCommand } from './search.js';

let double: MeiliDouble | undefined;
// The test's folder is the command's --data-dir. The command reads the process environment, as it
// does for an operator: pin what matters here.
const cli = useCliCommandHarness('chatbox-search-cli-', { MEILI_MASTER_KEY: undefined, SEARCH: 'true' });

afterEach(async () => {
  await double?.close();
  double = undefined;
});

const run = (...args: string[]) => searchCommand().parseAsync([...args, '--data-dir', cli.folder], { from: 'user' });

async function seedDataDir(): Promise<string> {
  const store = createSqliteStore({ filename: join(cli.folder, 'chatbox.sqlite') });
  const user = await createTestUser(store, 'ada');
  await seedConversations(store, user, Array.from({ length: 30 }, (_, index) => ({ title: `Chat ${index}`, messages: ['pomegranate', `reply ${index}`] })));
  // What a damaged index looks like: the rebuild has to bring it back.
  store.database.prepare("INSERT INTO messages_fts (messages_fts) VALUES ('delete-all')").run();
  // An uploaded document of two passages: Meilisearch ranks them too.
  const file = await store.files.upsert(fileInput(user.id, { filename: 'tides.md' }));
  await store.documentChunks.replace({ userId: user.id, fileId: file.file_id, fileName: 'tides.md', text: 'Spring tides. Neap tides.', chunks: ['Spring tides.', 'Neap tides.'] });
  await store.close();
  return user.id;
}

describe('chatbox search reindex', () => {
  it('rebuilds the embedded index with progress', async () => {
    const userId = await seedDataDir();
    await run('reindex');
    expect(process.exitCode ?? 0).toBe(0);
    expect(cli.output[0]).toBe('Rebuilding the embedded (SQLite FTS5) search index…');
    expect(cli.output).toContain('  messages: 60/60');
    expect(cli.output).toContain('  conversations: 30/30');
    expect(cli.output.at(-1)).toBe('Done: 30 conversations and 60 messages indexed.');

    const store = createSqliteStore({ filename: join(cli.folder, 'chatbox.sqlite') });
    const found = await createFtsSearchIndex(store, { debug() {}, info() {}, warn() {}, error() {} }).search(userId, 'pomegran', { pageNumber: 1, pageSize: 50 });
    expect(found.total).toBe(30);
    await store.close();
  });

  it('re-sends everything to Meilisearch in batches', async () => {
    await seedDataDir();
    double = await startMeiliDouble();
    vi.stubEnv('MEILI_HOST', double.url);
    vi.stubEnv('MEILI_MASTER_KEY', double.masterKey!);
    await run('reindex');
    expect(cli.errors).toEqual([]);
    expect(cli.output[0]).toBe('Rebuilding the Meilisearch search index…');
    expect(cli.output).toContain('  messages: 60');
    expect(cli.output).toContain('  document passages: 2');
    expect(cli.output.at(-1)).toBe('Done: 30 conversations, 60 messages and 2 document passages indexed.');
    expect(double.engine.indexes.get('messages')!.documents.size).toBe(60);
    expect([...double.engine.indexes.get('document_chunks')!.documents.values()].map((passage) => passage.text)).toEqual(['Spring tides.', 'Neap tides.']);
    expect(double.engine.indexes.get('convos')!.documents.size).toBe(30);

    cli.output.length = 0;
    await run('status');
    expect(cli.output).toEqual(['Backend: Meilisearch', 'Available: yes', 'Waiting in the outbox: 0']);
  });

  it('says so when search is off', async () => {
    vi.stubEnv('SEARCH', 'false');
    await createSqliteStore({ filename: join(cli.folder, 'chatbox.sqlite') }).close();
    await run('reindex');
    expect(process.exitCode).toBe(1);
    expect(cli.errors.join('\n')).toContain('search is off');
  });
});
