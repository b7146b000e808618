import { randomUUID } from 'node:crypto';
import { Meilisearch } from 'meilisearch';
import { afterAll, describe, vi } from 'vitest';
import { createMongoStore } from '../../store/mongo/index.js';
import { createSqliteStore } from '../../store/sqlite/index.js';
import type { Store } from '../../store/types.js';
import { startMeiliDouble } from '../../../testing/meili-double/index.js';
import { startMongoDouble, type MongoDouble } from '../../../testing/mongo-double/index.js';
import { describeSearchBackend } from '../contract/search-suite.js';
import { createMeiliSearchIndex } from './index.js';

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
/** The worker only runs when a test settles (flush), so every test sees a deterministic index. */
const quietWorker = { pollIntervalMs: 60_000, backoff: { baseMs: 10, maxMs: 100 } };

async function onMeiliDouble(store: Store) {
  const double = await startMeiliDouble();
  const search = createMeiliSearchIndex({ host: double.url, apiKey: double.masterKey!, ...quietWorker }, store, logger);
  await search.start();
  return {
    store,
    search,
    settle: () => search.flush(),
    async close() {
      await search.stop();
      await store.close();
      await double.close();
    },
  };
}

describeSearchBackend('meilisearch (HTTP double) on the SQLite store', () => onMeiliDouble(createSqliteStore({ filename: ':memory:' })));

// The deployment Meilisearch is made for: MongoDB's outbox (written by its driver, not by triggers) feeding the worker.
let mongo: Promise<MongoDouble> | undefined;
afterAll(async () => (await mongo)?.close());
describeSearchBackend('meilisearch (HTTP double) on the MongoDB store (wire-protocol double)', async () => {
  const double = await (mongo ??= startMongoDouble());
  const dbName = `search_${randomUUID().replaceAll('-', '')}`;
  const store = await createMongoStore({ uri: double.uri(), dbName });
  const close = store.close;
  return onMeiliDouble(Object.assign(store, { close: async () => (await close(), double.dropDatabase(dbName)) }));
  // The wire-protocol double takes ~10 ms a write: a smaller haystack keeps this file quick.
}, { haystackConversations: 15 });

const realHost = process.env.MEILI_HOST;
const realKey = process.env.MEILI_MASTER_KEY;

describe.runIf(realHost && realKey)('against a real Meilisearch (MEILI_HOST)', () => {
  describeSearchBackend('meilisearch (real server)', async () => {
    const indexPrefix = `chatbox-test-${randomUUID().slice(0, 8)}-`;
    const store = createSqliteStore({ filename: ':memory:' });
    const search = createMeiliSearchIndex({ host: realHost!, apiKey: realKey!, indexPrefix, ...quietWorker }, store, logger);
    await search.start();
    return {
      store,
      search,
      settle: () => search.flush(),
      async close() {
        await search.stop();
        await store.close();
        const client = new Meilisearch({ host: realHost!, apiKey: realKey! });
        for (const name of ['convos', 'messages']) await client.deleteIndexIfExists(indexPrefix + name);
      },
    };
  });
});
