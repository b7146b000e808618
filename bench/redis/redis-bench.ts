import { hasRedisServer, startTestRedis } from '../../testing/redis-server.js';
import { keepAliveAgent } from '../lib/http.js';
import { figure, newResult, type BenchResult } from '../lib/report.js';
import { fakeOpenAIEnv, registerUser, startBenchServer, unlimitedEnv, type BenchServer } from '../lib/server.js';
import { summarize } from '../lib/stats.js';
import { runPhase } from '../stream/load-loop.js';
import { chatboxFrames, timeStream, type StreamTiming } from '../stream/stream-client.js';
import type { Level } from '../stream/stream-bench.js';
import { startUpstreamProcess } from '../stream/upstream.js';

export interface RedisBenchOptions {
  chunkSize: number;
  delayMs: number;
  levels: Level[];
  warmupStreams: number;
}

/**
 * What Redis may add to a turn. Before the first token a turn takes a concurrency slot, counts its
 * rate-limit windows, claims its abort key and opens its live-reply stream: a handful of round trips
 * of well under a millisecond each on a local Redis, so 10 ms at p50 leaves room for a Redis on
 * another host of the same network and still is below what a user can notice. Each chunk is one
 * XADD that the turn does not wait for, so the gap between chunks should hardly move: 5 ms at p99
 * allows for the event-loop time ioredis takes on a loaded machine.
 */
const targets = { addedTtftP50: 10, addedGapP99: 5 };

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const replyText = (length: number) => 'the quick brown fox jumps over a lazy dog while streaming tokens arrive '.repeat(Math.ceil(length / 72) + 1).slice(0, length);

/**
 * The same streams through two chatbox servers on one fake upstream: one in memory, one with
 * REDIS_URI on a real redis-server started here. Phases alternate per level so both see the same
 * machine noise; added = with Redis − without, per percentile.
 */
export async function redisBench(options: RedisBenchOptions): Promise<BenchResult> {
  const result = newResult('redis');
  if (!hasRedisServer) {
    result.skipped = 'redis-server is not installed (apt-get install redis-server): the Redis figures need a real one';
    return result;
  }
  const redis = await startTestRedis();
  const upstream = await startUpstreamProcess();
  const servers: BenchServer[] = [];
  try {
    const env = { ...fakeOpenAIEnv(upstream.url), ...unlimitedEnv, TITLE_CONVO: 'false' };
    // The limits stay on with Redis: they are the Redis calls a turn makes (the bench lifts their maxima, not the counting).
    const limitsCounted = { LIMIT_CONCURRENT_MESSAGES: 'true', CONCURRENT_MESSAGE_MAX: '100000', LIMIT_MESSAGE_USER: 'true', MESSAGE_USER_MAX: '1000000', LIMIT_MESSAGE_IP: 'true', MESSAGE_IP_MAX: '1000000' };
    const memory = await startBenchServer({ env: { ...env, ...limitsCounted } });
    servers.push(memory);
    const onRedis = await startBenchServer({ env: { ...env, ...limitsCounted, REDIS_URI: redis.uri, REDIS_KEY_PREFIX: 'bench:' } });
    servers.push(onRedis);
    await sleep(1_000);
    const agent = keepAliveAgent();
    const streamer = async (server: BenchServer, email: string) => {
      const token = await registerUser(server.url, email);
      return () =>
        timeStream(`${server.url}/api/ask/openAI`, {
          agent, frames: chatboxFrames,
          headers: { authorization: `Bearer ${token}` },
          body: { text: 'Hello there', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' },
        });
    };
    const withoutRedis = await streamer(memory, 'redis-bench-memory@example.com');
    const withRedis = await streamer(onRedis, 'redis-bench-redis@example.com');
    const configureReply = (chunks: number) => upstream.configure({ reply: replyText(chunks * options.chunkSize), chunkSize: options.chunkSize, delayMs: options.delayMs });

    await configureReply(5);
    for (let index = 0; index < options.warmupStreams; index += 1) await Promise.all([withoutRedis(), withRedis()]);

    for (const level of options.levels) {
      await configureReply(level.chunks);
      const concurrent = level.concurrency > 1;
      const phase = { concurrency: level.concurrency, streamsPerWorker: level.streamsPerWorker, rampMs: concurrent ? level.chunks * options.delayMs : 0, discardFirst: concurrent };
      const samples = { memory: [] as StreamTiming[], redis: [] as StreamTiming[] };
      for (let round = 0; round < level.rounds; round += 1) {
        samples.memory.push(...(await runPhase({ ...phase, run: withoutRedis })).timings);
        samples.redis.push(...(await runPhase({ ...phase, run: withRedis })).timings);
      }
      addRedisFigures(result, level.concurrency, samples, level.chunks);
    }
    for (const line of onRedis.errorLines().slice(0, 5)) result.errors.push(`server on Redis logged: ${line}`);
    for (const line of memory.errorLines().slice(0, 5)) result.errors.push(`server in memory logged: ${line}`);
    result.notes.push(
      `replies of ${options.chunkSize}-character chunks ${options.delayMs} ms apart; levels ${options.levels.map((level) => `${level.concurrency} streams × ${level.chunks} chunks × ${level.streamsPerWorker} per worker × ${level.rounds} rounds`).join('; ')}`,
      'two chatbox servers (built CLI, SQLite, only the OpenAI endpoint) on one fake upstream process: one in memory, one with REDIS_URI on a local redis-server (no persistence) started by the bench; ' +
        'the concurrency and message limits are on, with maxima the bench cannot reach, so each turn makes the Redis calls it makes in production; phases alternate',
      `targets: added TTFT p50 ≤ ${targets.addedTtftP50} ms (a few round trips before the first token, room for a Redis on the same network), added inter-chunk p99 ≤ ${targets.addedGapP99} ms (one XADD per chunk that the turn does not wait for)`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await upstream.close();
    await redis.close();
  }
  return result;
}

function addRedisFigures(result: BenchResult, concurrency: number, samples: { memory: StreamTiming[]; redis: StreamTiming[] }, expectedChunks: number): void {
  const at = `@${concurrency}`;
  for (const [path, timings] of Object.entries(samples)) {
    const failed = timings.filter((timing) => timing.error !== undefined);
    if (failed.length > 0) result.errors.push(`${path} ${at}: ${failed.length} of ${timings.length} streams failed, first: ${failed[0]!.error}`);
    const short = timings.filter((timing) => timing.error === undefined && timing.chunks !== expectedChunks);
    if (short.length > 0) result.errors.push(`${path} ${at}: ${short.length} streams had a chunk count other than ${expectedChunks} (first: ${short[0]!.chunks})`);
  }
  const ok = (timings: StreamTiming[]) => timings.filter((timing) => timing.error === undefined);
  const ttft = { memory: summarize(ok(samples.memory).map((t) => t.ttftMs)), redis: summarize(ok(samples.redis).map((t) => t.ttftMs)) };
  const gaps = { memory: summarize(ok(samples.memory).flatMap((t) => t.gapsMs)), redis: summarize(ok(samples.redis).flatMap((t) => t.gapsMs)) };
  result.figures.push(
    figure(`TTFT p50 in memory ${at}`, ttft.memory.p50, 'ms'),
    figure(`TTFT p50 on Redis ${at}`, ttft.redis.p50, 'ms'),
    figure(`added TTFT p50 ${at}`, ttft.redis.p50 - ttft.memory.p50, 'ms', targets.addedTtftP50),
    figure(`added TTFT p99 ${at}`, ttft.redis.p99 - ttft.memory.p99, 'ms'),
    figure(`inter-chunk p99 in memory ${at}`, gaps.memory.p99, 'ms'),
    figure(`inter-chunk p99 on Redis ${at}`, gaps.redis.p99, 'ms'),
    figure(`added inter-chunk p99 ${at}`, gaps.redis.p99 - gaps.memory.p99, 'ms', targets.addedGapP99),
  );
  result.notes.push(`${at}: ${ttft.memory.count} streams in memory and ${ttft.redis.count} on Redis; ${gaps.memory.count} and ${gaps.redis.count} inter-chunk gaps`);
}
