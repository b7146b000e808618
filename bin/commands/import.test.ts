import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../../core/search/contract/search-fixtures.js';
import { createSqliteStore } from '../../core/store/sqlite/index.js';
import { useCliCommandHarness } from '../../testing/cli-command-harness.js';
import { importCommand } from './import.js';

const chatGptExport = fileURLToPath(new URL('../../core/portability/__fixtures__/chatgpt-conversations.json', import.meta.url));

// The test's folder is the command's --data-dir.
const cli = useCliCommandHarness('chatbox-import-cli-');

const run = (...args: string[]) => importCommand().parseAsync([...args, '--data-dir', cli.folder], { from: 'user' });

async function seedUser(): Promise<{ id: string; email: string }> {
  const store = createSqliteStore({ filename: join(cli.folder, 'chatbox.sqlite') });
  const user = await createTestUser(store, 'ada');
  await store.close();
  return user;
}

async function titlesOf(userId: string): Promise<string[]> {
  const store = createSqliteStore({ filename: join(cli.folder, 'chatbox.sqlite') });
  try {
    return (await store.conversations.list(userId, { offset: 0, limit: 50 })).items.map((conversation) => conversation.title).sort();
  } finally {
    await store.close();
  }
}

describe('chatbox import', () => {
  it("imports an export into the user's conversations, progress on stderr and the summary on stdout, once", async () => {
    const user = await seedUser();
    await run(chatGptExport, '--email', user.email);
    expect(process.exitCode ?? 0).toBe(0);
    expect(cli.output).toEqual([`Imported 2 conversation(s) for ${user.email} from a chatgpt export; 0 already imported, 2 failed.`]);
    expect(cli.errors[0]).toMatch(/^ {2}\d+% read, 1 conversations: 1 imported, 0 already there, 0 failed$/);
    expect(cli.errors).toContain('  skipped "Broken": mapping entry x is not an object');
    expect(await titlesOf(user.id)).toEqual(['Fläche des Kreises 🌍', 'Quasar notes']);

    cli.output.length = 0;
    await run(chatGptExport, '--email', user.email);
    expect(cli.output[0]).toContain('Imported 0 conversation(s)');
    expect(cli.output[0]).toContain('2 already imported');
    expect(await titlesOf(user.id)).toHaveLength(2);
  });

  it('fails with one line for a missing file, an unknown user or a file in no known format', async () => {
    const user = await seedUser();
    await run(join(cli.folder, 'nope.json'), '--email', user.email);
    expect(process.exitCode).toBe(1);
    expect(cli.errors.at(-1)).toBe(`error: ${join(cli.folder, 'nope.json')}: no such file`);

    process.exitCode = 0;
    await run(chatGptExport, '--email', 'nobody@example.com');
    expect(process.exitCode).toBe(1);
    expect(cli.errors.at(-1)).toMatch(/^error: .*nobody@example\.com/);

    process.exitCode = 0;
    const notAnExport = join(cli.folder, 'notes.json');
    writeFileSync(notAnExport, '{"notes": []}');
    await run(notAnExport, '--email', user.email);
    expect(process.exitCode).toBe(1);
    expect(cli.errors.at(-1)).toBe(`error: ${notAnExport}: Unsupported import type`);
  });
});
