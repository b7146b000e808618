import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSqliteStore } from '../../core/store/sqlite/index.js';
import { closedPortUrl } from '../../testing/fake-upstreams/index.js';
import { startMeiliDouble, type MeiliDouble } from '../../testing/meili-double/index.js';
import { hasRedisServer, startTestRedis, type TestRedis } from '../../testing/redis-server.js';
import { statusCommand } from './status.js';

let dataDir: string;
let output: string[];
let errors: string[];

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'chatbox-status-cli-'));
  await createSqliteStore({ filename: join(dataDir, 'chatbox.sqlite') }).close();
  output = [];
  errors = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void output.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void errors.push(parts.join(' ')));
  // The command reads the process environment, as it does for an operator: pin what matters here.
  for (const name of ['MEILI_HOST', 'MEILI_MASTER_KEY', 'MONGO_URI', 'CONFIG_PATH', 'CHATBOX_DATA_DIR', 'REDIS_URI', 'USE_REDIS', 'REDIS_KEY_PREFIX']) vi.stubEnv(name, undefined);
  vi.stubEnv('SEARCH', 'true');
  process.exitCode = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  process.exitCode = 0;
  rmSync(dataDir, { recursive: true, force: true });
});

const run = (...args: string[]) => statusCommand().parseAsync([...args, '--data-dir', dataDir], { from: 'user' });

describe('chatbox status', () => {
  it('a single instance: the store and the embedded index up, Redis off, exit code 0', async () => {
    await run();
    expect(process.exitCode).toBe(0);
    expect(output).toEqual([
      'chatbox is ready',
      '  store  up (sqlite)',
      '  search up (sqlite)',
      '  redis  off: REDIS_URI is not set: state stays in this process',
    ]);
    expect(errors).toEqual([]);
  });

  it('a Meilisearch nobody answers at is down, named, exit code 1; --json prints the body of GET /ready', async () => {
    vi.stubEnv('MEILI_HOST', await closedPortUrl());
    vi.stubEnv('MEILI_MASTER_KEY', 'some-key');
    await run('--json');
    expect(process.exitCode).toBe(1);
    expect(JSON.parse(output.join('\n'))).toEqual({ status: 'not ready', store: { status: 'up', driver: 'sqlite' }, search: { status: 'down', backend: 'meilisearch', detail: 'not reachable' }, redis: { status: 'off' } });
  });

  it('a data dir without chatbox data: says so rather than create one, exit code 1', async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await run();
    expect(errors).toEqual([`error: no chatbox data in ${dataDir}; \`chatbox serve --data-dir ${dataDir}\` creates one`]);
    expect(process.exitCode).toBe(1);
  });
});

describe.skipIf(!hasRedisServer)('chatbox status with Redis (skipped: redis-server is not installed; apt-get install redis-server)', () => {
  let redis: TestRedis;
  let meili: MeiliDouble;
  beforeAll(async () => {
    [redis, meili] = await Promise.all([startTestRedis(), startMeiliDouble()]);
  }, 30_000);
  afterAll(async () => {
    await redis?.close();
    await meili?.close();
  });

  it('Redis and Meilisearch up: ready, exit code 0', async () => {
    vi.stubEnv('REDIS_URI', redis.uri);
    vi.stubEnv('MEILI_HOST', meili.url);
    vi.stubEnv('MEILI_MASTER_KEY', meili.masterKey ?? '');
    await run('--json');
    expect(process.exitCode).toBe(0);
    expect(JSON.parse(output.join('\n'))).toEqual({ status: 'ready', store: { status: 'up', driver: 'sqlite' }, search: { status: 'up', backend: 'meilisearch' }, redis: { status: 'up' } });
  });

  it('a REDIS_URI nobody listens on: Redis down with the reason, exit code 1', async () => {
    const nobody = new URL(await closedPortUrl());
    vi.stubEnv('REDIS_URI', `redis://${nobody.host}`);
    await run();
    expect(process.exitCode).toBe(1);
    expect(output[0]).toBe('chatbox is not ready');
    expect(output.slice(1, 3)).toEqual(['  store  up (sqlite)', '  search up (sqlite)']);
    expect(output[3]).toMatch(new RegExp(`^  redis  down: connect ECONNREFUSED ${nobody.host.replaceAll('.', '\\.')} \\(connection (connecting|reconnecting)\\)$`));
  }, 20_000);

  it('USE_REDIS=false turns Redis off with REDIS_URI still set', async () => {
    vi.stubEnv('REDIS_URI', redis.uri);
    vi.stubEnv('USE_REDIS', 'false');
    await run('--json');
    expect(process.exitCode).toBe(0);
    expect(JSON.parse(output.join('\n')).redis).toEqual({ status: 'off' });
  });
});
