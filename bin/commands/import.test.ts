import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../core/search/contract/search-fixtures.js';
import { createSqliteStore } from '../../core/store/sqlite/index.js';
import { importCommand } from './import.js';

const chatGptExport = fileURLToPath(new URL('../../core/portability/__fixtures__/chatgpt-conversations.json', import.meta.url));

let dataDir: string;
let output: string[];
let errors: string[];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'chatbox-import-cli-'));
  output = [];
  errors = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void output.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void errors.push(parts.join(' ')));
  for (const name of ['MONGO_URI', 'MEILI_HOST', 'CONFIG_PATH', 'CHATBOX_DATA_DIR']) vi.stubEnv(name, undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  process.exitCode = 0;
  rmSync(dataDir, { recursive: true, force: true });
});

const run = (...args: string[]) => importCommand().parseAsync([...args, '--data-dir', dataDir], { from: 'user' });

async function seedUser(): Promise<{ id: string; email: string }> {
  const store = createSqliteStore({ filename: join(dataDir, 'chatbox.sqlite') });
  const user = await createTestUser(store, 'ada');
  await store.close();
  return user;
}

async function titlesOf(userId: string): Promise<string[]> {
  const store = createSqliteStore({ filename: join(dataDir, 'chatbox.sqlite') });
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
    expect(output).toEqual([`Imported 2 conversation(s) for ${user.email} from a chatgpt export; 0 already imported, 2 failed.`]);
    expect(errors[0]).toMatch(/^ {2}\d+% read, 1 conversations: 1 imported, 0 already there, 0 failed$/);
    expect(errors).toContain('  skipped "Broken": mapping entry x is not an object');
    expect(await titlesOf(user.id)).toEqual(['Fläche des Kreises 🌍', 'Quasar notes']);

    output.length = 0;
    await run(chatGptExport, '--email', user.email);
    expect(output[0]).toContain('Imported 0 conversation(s)');
    expect(output[0]).toContain('2 already imported');
    expect(await titlesOf(user.id)).toHaveLength(2);
  });

  it('fails with one line for a missing file, an unknown user or a file in no known format', async () => {
    const user = await seedUser();
    await run(join(dataDir, 'nope.json'), '--email', user.email);
    expect(process.exitCode).toBe(1);
    expect(errors.at(-1)).toBe(`error: ${join(dataDir, 'nope.json')}: no such file`);

    process.exitCode = 0;
    await run(chatGptExport, '--email', 'nobody@example.com');
    expect(process.exitCode).toBe(1);
    expect(errors.at(-1)).toMatch(/^error: .*nobody@example\.com/);

    process.exitCode = 0;
    const notAnExport = join(dataDir, 'notes.json');
    writeFileSync(notAnExport, '{"notes": []}');
    await run(notAnExport, '--email', user.email);
    expect(process.exitCode).toBe(1);
    expect(errors.at(-1)).toBe(`error: ${notAnExport}: Unsupported import type`);
  });
});
