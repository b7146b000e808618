import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../errors/index.js';
import { createStore } from './create-store.js';

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

  it('refuses MONGO_URI until the MongoDB driver exists', async () => {
    const attempt = createStore({ dataDir: temporaryDirectory, mongoUri: 'mongodb://localhost:27017/chatbox' });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow('MONGO_URI is set but the MongoDB driver is not available yet');
  });
});
