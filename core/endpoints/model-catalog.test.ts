import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.js';
import { createMemoryCoordination } from '../coordination/memory-coordination.js';
import { createRedisCoordination } from '../coordination/redis-coordination.js';
import type { Coordination } from '../coordination/types.js';
import type { PluginLogger } from '../plugin-api/index.js';
import { createPluginRegistry } from '../plugin-host/plugin-registry.js';
import { startFakeOpenAI, type FakeUpstream } from '../../testing/fake-upstreams/index.js';
import { providerPlugins } from '../../testing/provider-plugins.js';
import { hasRedisServer, startTestRedis, type TestRedis } from '../../testing/redis-server.js';
import type { ConfiguredEndpoint } from './configured-endpoint.js';
import { configuredEndpoints } from './configured-endpoints.js';
import { createModelCatalog } from './model-catalog.js';

const quiet: PluginLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const userKey = 'sk-user-secret-4242';

let upstream: FakeUpstream;
let root: string;
let shared: ConfiguredEndpoint;
let ownKey: ConfiguredEndpoint;

/** The custom endpoints of a librechat.yaml with `models.fetch`, set up by the real custom provider. */
async function fetchingEndpoints(): Promise<ConfiguredEndpoint[]> {
  const endpoint = (name: string, apiKey: string) =>
    [`    - name: "${name}"`, `      apiKey: "${apiKey}"`, `      baseURL: "${upstream.url}/v1"`, '      models:', '        default: ["fallback"]', '        fetch: true'].join('\n');
  writeFileSync(path.join(root, 'librechat.yaml'), ['version: 1.2.1', 'endpoints:', '  custom:', endpoint('Shared', 'operator-key'), endpoint('OwnKey', 'user_provided')].join('\n'));
  const config = await loadConfig({ dataDir: 'data', env: {}, cwd: root });
  return configuredEndpoints(config, createPluginRegistry(providerPlugins), Fastify({ logger: false }).log);
}

const modelListCalls = () => upstream.control.requests.filter((request) => request.path.endsWith('/models'));

beforeAll(async () => {
  upstream = await startFakeOpenAI(0);
  root = mkdtempSync(path.join(tmpdir(), 'chatbox-model-catalog-'));
  const endpoints = await fetchingEndpoints();
  shared = endpoints.find((entry) => entry.name === 'Shared')!;
  ownKey = endpoints.find((entry) => entry.name === 'OwnKey')!;
});

afterAll(async () => {
  await upstream?.close();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  upstream.control.reset();
  upstream.control.configure({ models: ['listed-a', 'listed-b'] });
});

describe('the model catalog in memory', () => {
  it('asks the upstream once per endpoint, and once per user and key where users bring their own', async () => {
    const catalog = createModelCatalog({ cache: createMemoryCoordination().cache('models') });
    const [first, second] = await Promise.all([catalog.list(shared, 'user-1'), catalog.list(shared, 'user-2')]);
    expect(first).toEqual(['listed-a', 'listed-b']);
    expect(second).toEqual(first);
    expect(modelListCalls()).toHaveLength(1);

    await catalog.list(ownKey, 'user-1', { apiKey: userKey });
    await catalog.list(ownKey, 'user-1', { apiKey: userKey });
    expect(modelListCalls()).toHaveLength(2);
    expect(modelListCalls()[1]!.headers.authorization).toBe(`Bearer ${userKey}`);
    // A new key may open other models: it is a new entry.
    await catalog.list(ownKey, 'user-1', { apiKey: 'sk-user-rotated' });
    await catalog.list(ownKey, 'user-2', { apiKey: userKey });
    expect(modelListCalls()).toHaveLength(4);
  });

  it('does not keep a failed fetch', async () => {
    const cache = createMemoryCoordination().cache('models');
    const failing: ConfiguredEndpoint = { ...shared, provider: { ...shared.provider, listModels: () => Promise.reject(new Error('upstream down')) } };
    await expect(createModelCatalog({ cache }).list(failing, 'user-1')).rejects.toThrow('upstream down');
    expect(await createModelCatalog({ cache }).list(shared, 'user-1')).toEqual(['listed-a', 'listed-b']);
  });
});

describe.skipIf(!hasRedisServer)('the model catalog on Redis (skipped: redis-server is not installed; apt-get install redis-server)', () => {
  let redis: TestRedis;
  let instanceA: Coordination;
  let instanceB: Coordination;

  beforeAll(async () => {
    redis = await startTestRedis();
    instanceA = await createRedisCoordination(redis.uri, { REDIS_KEY_PREFIX: 'models:', REDIS_CA: undefined }, quiet);
    instanceB = await createRedisCoordination(redis.uri, { REDIS_KEY_PREFIX: 'models:', REDIS_CA: undefined }, quiet);
  });

  afterAll(async () => {
    await instanceA?.close();
    await instanceB?.close();
    await redis?.close();
  });

  it('instance B reads the list instance A fetched, without asking the upstream', async () => {
    const catalogA = createModelCatalog({ cache: instanceA.cache('models') });
    const catalogB = createModelCatalog({ cache: instanceB.cache('models') });
    expect(await catalogA.list(shared, 'user-1')).toEqual(['listed-a', 'listed-b']);
    expect(modelListCalls()).toHaveLength(1);
    expect(await catalogB.list(shared, 'user-2')).toEqual(['listed-a', 'listed-b']);
    expect(modelListCalls()).toHaveLength(1);

    await catalogA.list(ownKey, 'user-1', { apiKey: userKey });
    expect(await catalogB.list(ownKey, 'user-1', { apiKey: userKey })).toEqual(['listed-a', 'listed-b']);
    expect(modelListCalls()).toHaveLength(2);
  });

  it('keys entries by a digest of a user key, never the key, and lets them expire', async () => {
    await createModelCatalog({ cache: instanceA.cache('models') }).list(ownKey, 'user-3', { apiKey: userKey });
    const { Redis } = await import('ioredis');
    const raw = new Redis(redis.uri);
    try {
      const keys = await raw.keys('models:cache:models:OwnKey:user-3:*');
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(/^models:cache:models:OwnKey:user-3:[0-9a-f]{64}$/);
      for (const key of await raw.keys('*')) expect(key).not.toContain(userKey);
      const ttl = await raw.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000);
    } finally {
      raw.disconnect();
    }
  });

  it('fetches as if uncached while Redis is down, and never fails the request for it', async () => {
    const errors: unknown[] = [];
    const catalog = createModelCatalog({ cache: instanceA.cache('models'), onCacheError: (error) => errors.push(error) });
    await redis.stop();
    try {
      expect(await catalog.list(shared, 'user-1')).toEqual(['listed-a', 'listed-b']);
      expect(await catalog.list(shared, 'user-1')).toEqual(['listed-a', 'listed-b']);
      expect(modelListCalls()).toHaveLength(2);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await redis.restart();
    }
  });
});
