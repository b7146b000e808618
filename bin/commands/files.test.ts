import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileSource } from '../../core/store/repositories/files.js';
import { createSqliteStore } from '../../core/store/sqlite/index.js';
import { runCli } from '../../testing/run-cli.js';

// Each case is a fresh Node process; on a loaded two-core machine several of them outlast the default limit.
vi.setConfig({ testTimeout: 90_000 });

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'chatbox-files-cli-'));
  mkdirSync(join(cwd, 'data'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args, { cwd });
const openStore = () => createSqliteStore({ filename: join(cwd, 'data', 'chatbox.sqlite') });
const userFolder = (userId: string) => join(cwd, 'data', 'uploads', userId);

/** Two users with files on local disk (as uploads leave them), one record of a RAG source, and an unfinished upload. */
async function seed(): Promise<{ adaId: string; bobId: string }> {
  const store = openStore();
  const ada = await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', provider: 'local', passwordHash: 'hash' });
  const bob = await store.users.create({ name: 'Bob', username: 'bob', email: 'bob@example.com', provider: 'local', passwordHash: 'hash' });
  const file = async (userId: string, fileId: string, bytes: number, source: FileSource = 'local') => {
    let filepath = 'vectordb';
    if (source === 'local') {
      mkdirSync(userFolder(userId), { recursive: true });
      writeFileSync(join(userFolder(userId), `${fileId}.txt`), Buffer.alloc(bytes, 'x'));
      filepath = `/uploads/${userId}/${fileId}.txt`;
    }
    await store.files.upsert({ file_id: fileId, user: userId, filename: `${fileId}.txt`, filepath, type: 'text/plain', bytes, source, context: 'message_attachment', embedded: source === 'vectordb', width: null, height: null, conversationId: null });
  };
  await file(ada.id, 'ada-1', 3 * 1024 * 1024);
  await file(ada.id, 'ada-2', 1024 * 1024);
  await file(bob.id, 'bob-1', 512 * 1024);
  await file(bob.id, 'bob-rag', 2048, 'vectordb');
  writeFileSync(join(userFolder(bob.id), '.0f1e.partial'), Buffer.alloc(1000));
  writeFileSync(join(userFolder(ada.id), 'avatar-1700000000000.png'), Buffer.alloc(100));
  await store.close();
  return { adaId: ada.id, bobId: bob.id };
}

describe('chatbox files status', () => {
  it('shows the layout, the storage, files per source and the top users against the quota', async () => {
    const { adaId } = await seed();
    writeFileSync(join(cwd, 'librechat.yaml'), 'version: 1.0.6\nfileConfig:\n  userStorageLimit: 8\n');
    // A save a hard kill cut off two hours ago (the seed's other .partial is fresh: an upload that may be in flight).
    const stale = join(userFolder(adaId), '.9c2d.partial');
    writeFileSync(stale, Buffer.alloc(500));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);

    const result = await cli('files', 'status');

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`Data directory: ${join(cwd, 'data')}`);
    expect(result.stdout).toContain(`uploads:  ${join(cwd, 'data', 'uploads')}: 4 files, 4.5 MB in 2 user folder(s)`);
    expect(result.stdout).toMatch(/2 files \(< 0\.01 MB\) left by uploads cut off by a crash/);
    expect(result.stdout).toContain('Storage: fileStrategy local (plugin local)');
    expect(result.stdout).toContain('  1 leftover(s) (< 0.01 MB) of saves cut off by a crash, untouched for an hour: `chatbox files migrate --to local` removes them');
    // Status only looks.
    expect(existsSync(stale)).toBe(true);
    expect(result.stdout).toContain('Files: 4 files, 4.5 MB');
    expect(result.stdout).toMatch(/ {2}local +3 files +4\.5 MB/);
    expect(result.stdout).toMatch(/ {2}vectordb +1 file +< 0\.01 MB/);
    expect(result.stdout).toContain('Quota: 8 MB per user (fileConfig.userStorageLimit)');
    const ada = lines.findIndex((line) => line.startsWith('  ada@example.com'));
    expect(lines[ada]).toMatch(/2 files +4 MB +50% of the quota$/);
    expect(lines[ada + 1]).toMatch(/^ {2}bob@example\.com +2 files +0\.5 MB +6% of the quota$/);
    expect(result.stdout).not.toContain('Migration:');
  });

  it('--json, with the quota off by default and a strategy chatbox has no plugin for', async () => {
    const { adaId } = await seed();
    writeFileSync(join(cwd, 'librechat.yaml'), 'version: 1.0.6\nfileStrategy: azure_blob\n');

    const unfinished = { fileId: 'ada-1', userId: adaId, from: { source: 'local', path: `/uploads/${adaId}/ada-1.txt` }, to: { source: 's3', path: 'ada-1.txt' } };
    writeFileSync(join(cwd, 'data', 'files-migration.json'), JSON.stringify([unfinished]));

    const result = await cli('files', 'status', '--json');

    expect(result.code).toBe(0);
    const status = JSON.parse(result.stdout);
    expect(status).toMatchObject({
      fileStrategy: 'azure_blob',
      storage: { plugin: 'local' },
      sources: { local: { files: 3, bytes: 4.5 * 1024 * 1024 }, vectordb: { files: 1, bytes: 2048 } },
      total: { files: 4 },
      userStorageLimit: null,
      uploads: { userFolders: 2, files: 4, unfinished: { files: 1, bytes: 1000 } },
      database: { driver: 'sqlite' },
      unfinishedMoves: 1,
    });
    expect((await cli('files', 'status')).stdout).toContain('Migration: an interrupted `chatbox files migrate` left 1 move(s) to finish: run it again');
    expect(status.topUsers[0]).toEqual({ userId: adaId, email: 'ada@example.com', files: 2, bytes: 4 * 1024 * 1024, quotaUsed: null });
    // The warning of the missing plugin goes to stderr, so stdout stays JSON.
    expect(result.stderr).toContain('azure_blob');
  });
});

describe('chatbox files migrate', () => {
  it('names the strategies it knows when --to is unknown, and requires --to', async () => {
    await seed();
    const unknown = await cli('files', 'migrate', '--to', 'dropbox');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('error: unknown file strategy "dropbox"; known: local, s3, firebase, openai');
    const missing = await cli('files', 'migrate');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("required option '--to <strategy>' not specified");
  });

  it('refuses to run beside another migration of the same data dir, and takes over a lock whose process is gone', async () => {
    await seed();
    writeFileSync(join(cwd, 'data', 'files-migration.pid'), `${process.pid}\n`);
    const refused = await cli('files', 'migrate', '--to', 'local');
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(`error: another \`chatbox files migrate\` (PID ${process.pid}) is moving the files of ${join(cwd, 'data')}; let it finish or stop it first`);

    writeFileSync(join(cwd, 'data', 'files-migration.pid'), '999999999\n');
    expect((await cli('files', 'migrate', '--to', 'local')).code).toBe(0);
    expect(existsSync(join(cwd, 'data', 'files-migration.pid'))).toBe(false);
  });

  it('--dry-run counts what would move; a run skips what no storage serves and changes nothing else', async () => {
    const { bobId } = await seed();
    const store = openStore();
    await store.files.upsert({ file_id: 'in-s3', user: bobId, filename: 'a.txt', filepath: 'bucket/a.txt', type: 'text/plain', bytes: 10, source: 's3', context: 'message_attachment', embedded: false, width: null, height: null, conversationId: null });
    await store.close();

    const dryRun = await cli('files', 'migrate', '--to', 'local', '--dry-run');
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('Would move 2 file(s), < 0.01 MB, to local: 1 from vectordb (< 0.01 MB), 1 from s3 (< 0.01 MB). 3 already there.');

    const run = await cli('files', 'migrate', '--to', 'local');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\[1\/2\] < 0\.01 MB of < 0\.01 MB {2}skipped bob-rag \(vectordb, < 0\.01 MB\)/);
    expect(run.stdout).toMatch(/\[2\/2\] < 0\.01 MB of < 0\.01 MB {2}skipped in-s3 \(s3, < 0\.01 MB\)/);
    expect(run.stdout).toContain('Moved 0 of 2 file(s), 0 MB, to local. 3 were already there.');
    expect(run.stdout).toContain(`skipped in-s3 of user ${bobId} (s3): no file storage serves the source "s3"`);
    const after = openStore();
    expect(await after.files.find(bobId, 'in-s3')).toMatchObject({ source: 's3', filepath: 'bucket/a.txt' });
    await after.close();
    expect(existsSync(join(cwd, 'data', 'files-migration.json'))).toBe(false);
  });
});

describe('chatbox user delete', () => {
  it("removes the user's files from their storage and their folder, and leaves the others' alone", async () => {
    const { adaId, bobId } = await seed();
    expect(readdirSync(userFolder(adaId)).sort()).toEqual(['ada-1.txt', 'ada-2.txt', 'avatar-1700000000000.png']);

    const result = await cli('user', 'delete', '--email', 'ada@example.com', '--yes');

    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('Deleted ada@example.com and 2 stored file(s)');
    expect(existsSync(userFolder(adaId))).toBe(false);
    expect(readdirSync(userFolder(bobId)).sort()).toEqual(['.0f1e.partial', 'bob-1.txt']);
    const store = openStore();
    expect(await store.files.list(adaId)).toEqual([]);
    expect(await store.files.list(bobId)).toHaveLength(2);
    await store.close();
  });

  it('warns about a file no storage can remove, and still deletes the account', async () => {
    const { bobId } = await seed();
    const result = await cli('user', 'delete', '--email', 'bob@example.com', '--yes');
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('Deleted bob@example.com and 1 stored file(s)');
    expect(result.stderr.trim()).toBe('warning: file bob-rag (vectordb) was not removed from its storage: no file storage serves the source "vectordb"');
    expect(existsSync(userFolder(bobId))).toBe(false);
  });
});
