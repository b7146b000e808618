import { randomUUID } from 'node:crypto';
import { Meilisearch } from 'meilisearch';
import { describe, vi } from 'vitest';
import { startMeiliDouble } from '../../testing/meili-double/index.js';
import { createSqliteStore } from '../../store/sqlite/index.js';
import { describeSearchBackend } from '../contract/search-suite.js';
import { createMeiliSearchIndex } from './index.js';

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
/** The worker only runs when a test settles (flush), so every test sees a deterministic index. */
const quietWorker = { pollIntervalMs: 60_000, backoff: { baseMs: 10, maxMs: 100 } };

describeSearchBackend('meilisearch (HTTP double)', async () => {
  const double = await startMeiliDouble();
  const store = createSqliteStore({ filename: ':memory:' });
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
});

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
