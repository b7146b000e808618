import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/config-error.js';
import { startMongoDouble } from '../../testing/mongo-double/index.js';
import { createStore } from './create-store.js';
import type { MongoStore } from './mongo/index.js';

const temporaryDirectory = mkdtempSync(join(tmpdir(), 'chatbox-create-store-'));
afterAll(() => rmSync(temporaryDirectory, { recursive: true, force: true }));

describe('createStore', () => {
  it('creates the data directory and an SQLite database in it', async () => {
    const dataDir = join(temporaryDirectory, 'nested', 'data');
    const store = await createStore({ dataDir });
    expect(store.driver).toBe('sqlite');
    expect(existsSync(join(dataDir, 'chatbox.sqlite'))).toBe(true);
    await store.close();
  });

  it('uses MongoDB when MONGO_URI is set, in the database the URI names', async () => {
    const double = await startMongoDouble();
    const dataDir = join(temporaryDirectory, 'mongo-data');
    const store = (await createStore({ dataDir, mongoUri: double.uri('from_uri') })) as MongoStore;
    expect(store.driver).toBe('mongodb');
    expect(store.database.databaseName).toBe('from_uri');
    expect(existsSync(join(dataDir, 'chatbox.sqlite'))).toBe(false);
    await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', provider: 'local', passwordHash: 'hash' });
    expect(await store.users.count()).toBe(1);
    await store.close();
    await double.close();
  });

  it('reports a malformed MONGO_URI as a configuration error', async () => {
    const attempt = createStore({ dataDir: temporaryDirectory, mongoUri: 'mongodb://user:secret@/nowhere' });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/MONGO_URI/);
    await expect(attempt).rejects.not.toThrow(/secret/);
  });
});
