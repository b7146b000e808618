import { randomUUID } from 'node:crypto';
import { createMongoStore } from '../core/store/mongo/index.js';
import { createSqliteStore } from '../core/store/sqlite/index.js';
import type { Store } from '../core/store/types.js';
import { startMongoDouble, type MongoDouble } from './mongo-double/index.js';

/** Which driver API tests run on: `CHATBOX_TEST_STORE=mongo npm run test:mongo` runs them all on MongoDB. */
export function testStoreDriver(): 'sqlite' | 'mongo' {
  return process.env.CHATBOX_TEST_STORE === 'mongo' ? 'mongo' : 'sqlite';
}

// One double per test file (vitest gives each file its own modules), started on first use.
let sharedDouble: Promise<MongoDouble> | undefined;

/**
 * A fresh, empty store for one test server: in-memory SQLite by default; under
 * CHATBOX_TEST_STORE=mongo a database of its own on the MongoDB double, or on the real server that
 * MONGO_URI names when it is set. Closing the store drops that database.
 */
export async function createTestStore(): Promise<Store> {
  if (testStoreDriver() === 'sqlite') return createSqliteStore({ filename: ':memory:' });
  const dbName = `test_${randomUUID().replaceAll('-', '')}`;
  const realUri = process.env.MONGO_URI;
  const double = realUri ? undefined : await (sharedDouble ??= startMongoDouble());
  const store = await createMongoStore({ uri: realUri ?? double!.uri(), dbName });
  const close = store.close;
  return Object.assign(store, {
    async close() {
      if (double) {
        await close();
        double.dropDatabase(dbName);
        return;
      }
      await store.database.dropDatabase();
      await close();
    },
  });
}
