import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startBackgroundCheckpoints } from './background-checkpoints.js';

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function openWalDatabase(): { database: Database.Database; walSize: () => number } {
  folder = mkdtempSync(join(tmpdir(), 'chatbox-checkpoints-'));
  const filename = join(folder, 'test.sqlite');
  const database = new Database(filename);
  database.pragma('journal_mode = WAL');
  database.exec('CREATE TABLE rows (body TEXT NOT NULL)');
  return { database, walSize: () => statSync(`${filename}-wal`).size };
}

const writeRows = (database: Database.Database, count: number) => {
  const insert = database.prepare('INSERT INTO rows (body) VALUES (?)');
  for (let index = 0; index < count; index += 1) insert.run('x'.repeat(3_000));
};

describe('background checkpoints', () => {
  it('turns the committing connection’s checkpoints off and checkpoints from the worker, so the WAL starts over', async () => {
    const { database, walSize } = openWalDatabase();
    const checkpoints = startBackgroundCheckpoints(database, { intervalMs: 20 });
    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    // 1,500 rows of one page each: past SQLite's 1,000-page default, which would have checkpointed.
    writeRows(database, 1_500);
    const grown = walSize();
    expect(grown).toBeGreaterThan(1_400 * 4_096);

    // Once the worker caught up, the next commits write from the WAL's beginning: it stops growing.
    await sleep(300);
    writeRows(database, 200);
    expect(walSize()).toBe(grown);

    await checkpoints.stop();
    database.close();
    // The last connection to close checkpoints the rest and removes the WAL.
    expect(existsSync(join(folder, 'test.sqlite-wal'))).toBe(false);
    const reopened = new Database(join(folder, 'test.sqlite'), { readonly: true });
    expect(reopened.prepare('SELECT COUNT(*) AS count FROM rows').get()).toEqual({ count: 1_700 });
    reopened.close();
  });

  it('without the worker the WAL keeps growing (the control for the test above)', async () => {
    const { database, walSize } = openWalDatabase();
    database.pragma('wal_autocheckpoint = 0');
    writeRows(database, 1_500);
    const grown = walSize();
    await sleep(300);
    writeRows(database, 200);
    expect(walSize()).toBeGreaterThan(grown);
    database.close();
  });
});
