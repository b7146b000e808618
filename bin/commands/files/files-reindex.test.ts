import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../../../core/search/contract/search-fixtures.js';
import { createBuiltInDocumentIndex } from '../../../core/search/documents/built-in-document-index.js';
import type { FileSource, StoredFile } from '../../../core/store/repositories/files.js';
import { createSqliteStore } from '../../../core/store/sqlite/index.js';
import { useCliCommandHarness } from '../../../testing/cli-command-harness.js';
import { filesCommand } from '../files.js';

// The test's folder is the command's --data-dir; local files live in its uploads folder, as the server keeps them.
const cli = useCliCommandHarness('chatbox-files-reindex-');

const run = (...args: string[]) => filesCommand().parseAsync(['reindex', ...args, '--data-dir', cli.folder], { from: 'user' });
const openStore = () => createSqliteStore({ filename: join(cli.folder, 'chatbox.sqlite') });
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

interface Seeded {
  ada: { id: string; email: string };
  bob: { id: string; email: string };
}

/** Documents uploaded before the index existed (not `embedded`), beside ones it must leave alone. */
async function seed(): Promise<Seeded> {
  const store = openStore();
  const [ada, bob] = [await createTestUser(store, 'ada'), await createTestUser(store, 'bob')];
  const file = async (userId: string, fileId: string, type: string, content: string | null, overrides: Partial<StoredFile> = {}) => {
    const source: FileSource = overrides.source ?? 'local';
    const name = `${fileId}.${type.split('/')[1]}`;
    if (content !== null) {
      mkdirSync(join(cli.folder, 'uploads', userId), { recursive: true });
      writeFileSync(join(cli.folder, 'uploads', userId, name), content);
    }
    await store.files.upsert({
      file_id: fileId, user: userId, filename: `${fileId}-notes.${type.split('/')[1]}`, filepath: source === 'local' ? `/uploads/${userId}/${name}` : 'vectordb', type,
      bytes: content?.length ?? 10, source, context: 'message_attachment', embedded: false, width: null, height: null, conversationId: null, ...overrides,
    });
  };
  await file(ada.id, 'ada-notes', 'text/plain', 'The lighthouse keeper counts 42 gulls every morning.');
  await file(ada.id, 'ada-scan', 'application/pdf', 'not a PDF at all');
  await file(ada.id, 'ada-gone', 'text/markdown', null);
  await file(ada.id, 'ada-done', 'text/plain', 'already indexed', { embedded: true });
  await file(ada.id, 'ada-photo', 'image/png', 'png bytes', { width: 1, height: 1 });
  await file(bob.id, 'bob-notes', 'text/plain', 'Bob keeps bees on the roof.');
  await file(bob.id, 'bob-rag', 'text/plain', null, { source: 'vectordb' });
  await store.close();
  return { ada, bob };
}

async function indexedState(userId: string, fileIds: string[]): Promise<Record<string, { embedded: boolean | null; text: string | null }>> {
  const store = openStore();
  try {
    const documents = createBuiltInDocumentIndex({ store, logger: quiet });
    const state: Record<string, { embedded: boolean | null; text: string | null }> = {};
    for (const fileId of fileIds) state[fileId] = { embedded: (await store.files.find(userId, fileId))?.embedded ?? null, text: await documents.wholeText(userId, fileId) };
    return state;
  } finally {
    await store.close();
  }
}

describe('chatbox files reindex', () => {
  it("--email indexes that user's unindexed documents only: counts on stdout, a line per document on stderr, unreadable ones counted", async () => {
    const { ada, bob } = await seed();
    await run('--email', ada.email);

    expect(cli.output).toEqual([`Indexed 1 of 3 document(s) of ${ada.email}; 1 could not be read (stored, not searchable), 1 failed, 0 skipped.`]);
    const progress = cli.errors.filter((line) => line.startsWith('['));
    expect(progress).toHaveLength(3);
    expect(progress).toEqual(expect.arrayContaining([
      expect.stringMatching(new RegExp(`^\\[\\d/3\\] indexed ada-notes "ada-notes-notes\\.plain" of user ${ada.id}$`)),
      expect.stringMatching(/^\[\d\/3\] unreadable ada-scan .*: its text cannot be read$/),
      expect.stringMatching(/^\[\d\/3\] failed ada-gone .*ENOENT/),
    ]));
    // A failure is worth a retry: the exit code says so, and the file's record stays.
    expect(process.exitCode).toBe(1);
    expect(cli.errors.at(-1)).toBe('error: 1 document(s) could not be indexed; run again to retry them');

    expect(await indexedState(ada.id, ['ada-notes', 'ada-scan', 'ada-gone', 'ada-photo'])).toEqual({
      'ada-notes': { embedded: true, text: 'The lighthouse keeper counts 42 gulls every morning.' },
      'ada-scan': { embedded: false, text: null },
      'ada-gone': { embedded: false, text: null },
      'ada-photo': { embedded: false, text: null },
    });
    expect(await indexedState(bob.id, ['bob-notes'])).toEqual({ 'bob-notes': { embedded: false, text: null } });
  });

  it("without --email indexes every user's, skips what no storage serves, and a second run finds only what still cannot be indexed", async () => {
    const { bob } = await seed();
    await run();
    expect(cli.output).toEqual(['Indexed 2 of 5 document(s); 1 could not be read (stored, not searchable), 1 failed, 1 skipped.']);
    expect(cli.errors).toContainEqual(expect.stringMatching(/^\[\d\/5\] skipped bob-rag .*: no file storage serves the source "vectordb"$/));
    expect(await indexedState(bob.id, ['bob-notes'])).toEqual({ 'bob-notes': { embedded: true, text: 'Bob keeps bees on the roof.' } });

    cli.output.length = 0;
    process.exitCode = 0;
    await run();
    expect(cli.output).toEqual(['Indexed 0 of 3 document(s); 1 could not be read (stored, not searchable), 1 failed, 1 skipped.']);
  });

  it('says so when there is nothing to index, and names an unknown user', async () => {
    const store = openStore();
    const ada = await createTestUser(store, 'ada');
    await store.close();
    await run('--email', ada.email);
    expect(cli.output).toEqual([`Nothing to index: every document of ${ada.email} is indexed.`]);
    expect(process.exitCode ?? 0).toBe(0);

    await run('--email', 'nobody@example.com');
    expect(process.exitCode).toBe(1);
    expect(cli.errors.at(-1)).toBe('error: no user with the email nobody@example.com');
  });
});
