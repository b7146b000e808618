import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dotenv from 'dotenv';
import { packageRoot } from '../../config/package-root.js';
import { fakeUpstreamEnv } from '../fake-upstreams/fake-upstream-env.js';
import { startFakeUpstreams, type FakeUpstreams } from '../fake-upstreams/index.js';
import { startMeiliDouble, type MeiliDouble } from '../meili-double/index.js';
import { startMongoDouble, type MongoDouble } from '../mongo-double/index.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../round-robin-proxy.js';
import { startTestRedis, type TestRedis } from '../redis-server.js';
import { startS3Double, type S3Double } from '../s3-double/index.js';
import { startServe, type RunningServer } from '../run-cli.js';

export const exampleDir = join(packageRoot(), 'examples', 'scale-out');

/** The example's chatbox.env as written: names and values. */
export function readExampleEnv(): Record<string, string> {
  return dotenv.parse(readFileSync(join(exampleDir, 'chatbox.env'), 'utf8'));
}

export interface Instance {
  server: RunningServer;
  /** False once the test killed it. */
  alive: boolean;
}

export interface ScaleOutCluster {
  proxy: RoundRobinProxy;
  instances: Instance[];
  upstreams: FakeUpstreams;
  redis: TestRedis;
  /** The example's variables with the doubles' addresses and fresh secrets put in. */
  substituted: Record<string, string>;
  /** Added by the test only: the OpenAI endpoint pointed at the fake upstream. */
  testOnly: Record<string, string>;
  close(): Promise<void>;
}

/**
 * examples/scale-out as the README describes it, on this machine: MongoDB, Meilisearch and S3 are
 * the doubles, Redis a real redis-server; two `chatbox serve` of the built package read the
 * example's chatbox.env (a copy with those addresses) as their .env, behind a round-robin proxy.
 */
export async function startScaleOutCluster(): Promise<ScaleOutCluster> {
  const folder = mkdtempSync(join(tmpdir(), 'chatbox-scale-out-'));
  const started: Array<{ close(): Promise<void> }> = [];
  const keep = <T extends { close(): Promise<void> }>(part: T) => (started.push(part), part);
  const closeAll = async () => {
    for (const part of started.reverse()) await part.close().catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const [redis, mongo, meili, s3, upstreams]: [TestRedis, MongoDouble, MeiliDouble, S3Double, FakeUpstreams] = await Promise.all([
      startTestRedis().then(keep),
      startMongoDouble().then(keep),
      startMeiliDouble().then(keep),
      startS3Double().then(keep),
      startFakeUpstreams().then(keep),
    ]);
    const example = readExampleEnv();
    const substituted: Record<string, string> = {
      MONGO_URI: mongo.uri('chatbox-scale-out'),
      MEILI_HOST: meili.url,
      MEILI_MASTER_KEY: meili.masterKey ?? '',
      REDIS_URI: redis.uri,
      CONFIG_PATH: join(exampleDir, 'librechat.yaml'),
      ...s3.environment,
      JWT_SECRET: randomBytes(32).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
      CREDS_KEY: randomBytes(32).toString('hex'),
      OPENAI_API_KEY: fakeUpstreamEnv(upstreams).OPENAI_API_KEY!,
    };
    const testOnly = Object.fromEntries(Object.entries(fakeUpstreamEnv(upstreams)).filter(([name]) => name.startsWith('OPENAI_') && !(name in example)));
    const envFile = join(folder, 'chatbox.env');
    writeFileSync(envFile, Object.entries({ ...example, ...substituted, ...testOnly }).map(([name, value]) => `${name}=${JSON.stringify(value)}`).join('\n'));

    // --port 0 --host 127.0.0.1 (startServe's) stand for the example's HOST and PORT: two instances on one host.
    const starts = await Promise.allSettled(
      ['one', 'two'].map((name) => {
        const cwd = join(folder, name);
        mkdirSync(cwd);
        return startServe({ cwd, env: { DOTENV_PATH: envFile } });
      }),
    );
    const servers = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    const instances = servers.map((server) => ({ server, alive: true }));
    keep({
      close: async () => {
        await Promise.all(instances.filter((instance) => instance.alive).map((instance) => instance.server.stop()));
      },
    });
    const failed = starts.find((start): start is PromiseRejectedResult => start.status === 'rejected');
    if (failed) throw failed.reason;
    const proxy = keep(await startRoundRobinProxy(servers.map((server) => server.url)));
    return { proxy, instances, upstreams, redis, substituted, testOnly, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
