import { keepAliveAgent } from '../lib/http.js';
import { sampleProcess } from '../lib/proc-stats.js';
import { figure, newResult, type BenchResult } from '../lib/report.js';
import { fakeOpenAIEnv, registerUser, startBenchServer, unlimitedEnv } from '../lib/server.js';
import { runPhase } from './load-loop.js';
import { chatboxFrames, directFrames, timeStream, type StreamTiming } from './stream-client.js';
import { addLevelFigures, type LevelSamples } from './stream-figures.js';
import { startFloorProxy } from './floor-proxy.js';
import { startUpstreamProcess } from './upstream.js';

export interface Level {
  concurrency: number;
  /** Text chunks per reply at this level. */
  chunks: number;
  streamsPerWorker: number;
  /** Alternating direct / chatbox phase pairs. */
  rounds: number;
}

export interface StreamBenchOptions {
  /** Characters per chunk (about one token). */
  chunkSize: number;
  /** Pause between two upstream chunks, ms: the model's token rate. */
  delayMs: number;
  levels: Level[];
  warmupStreams: number;
}

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Plain words, so the server's token counting sees ordinary text. */
function replyText(length: number): string {
  const words = 'the quick brown fox jumps over a lazy dog while streaming tokens arrive one by one '.repeat(Math.ceil(length / 80) + 1);
  return words.slice(0, length);
}

/**
 * Streams the same fake upstream reply once directly and once through chatbox, in alternating phases
 * per concurrency level, so both paths see the same machine noise; the direct path is the baseline
 * that holds the load generator's and the upstream's own costs.
 */
export async function streamOverheadBench(options: StreamBenchOptions): Promise<BenchResult> {
  const result = newResult('stream-overhead');
  const upstream = await startUpstreamProcess();
  const configureReply = (chunks: number) => upstream.configure({ reply: replyText(chunks * options.chunkSize), chunkSize: options.chunkSize, delayMs: options.delayMs });
  const server = await startBenchServer({ env: { ...fakeOpenAIEnv(upstream.url), ...unlimitedEnv, TITLE_CONVO: 'false' } });
  const floor = await startFloorProxy(upstream.url, 'bytes');
  const sdkFloor = await startFloorProxy(upstream.url, 'sdk');
  try {
    // Let the start's garbage settle: idle means after start, before any request.
    await sleep(2_000);
    const idle = sampleProcess(server.pid);
    const token = await registerUser(server.url, 'stream-bench@example.com');
    const agent = keepAliveAgent();
    const directRequest = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello there' }], user: 'bench', stream: true, stream_options: { include_usage: true } };
    // The upstream itself, or a floor proxy in front of it: the same OpenAI request and frames.
    const openAIStreamAt = (baseUrl: string) => () =>
      timeStream(`${baseUrl}/v1/chat/completions`, { agent, frames: directFrames, headers: { authorization: 'Bearer sk-fake-openai' }, body: directRequest });
    const direct = openAIStreamAt(upstream.url);
    const viaFloor = openAIStreamAt(floor.url);
    const viaSdkFloor = openAIStreamAt(sdkFloor.url);
    const viaChatbox = () =>
      timeStream(`${server.url}/api/ask/openAI`, {
        agent, frames: chatboxFrames,
        headers: { authorization: `Bearer ${token}` },
        body: { text: 'Hello there', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' },
      });

    // Warm-up (JIT, connection pools, the tokenizer's tables) is not measured.
    await configureReply(5);
    for (let index = 0; index < options.warmupStreams; index += 1) await Promise.all([direct(), viaFloor(), viaSdkFloor(), viaChatbox()]);

    for (const level of options.levels) {
      await configureReply(level.chunks);
      const samples: LevelSamples = { direct: [], floor: [], sdkFloor: [], chatbox: [] };
      const concurrent = level.concurrency > 1;
      const phase = { concurrency: level.concurrency, streamsPerWorker: level.streamsPerWorker, rampMs: concurrent ? level.chunks * options.delayMs : 0, discardFirst: concurrent };
      const cpu = { floor: { seconds: 0, chunks: 0 }, sdkFloor: { seconds: 0, chunks: 0 }, chatbox: { seconds: 0, chunks: 0 } };
      const measured = async (path: keyof typeof cpu, pid: number, run: () => Promise<StreamTiming>) => {
        const before = sampleProcess(pid).cpuSeconds;
        const through = await runPhase({ ...phase, run });
        cpu[path].seconds += sampleProcess(pid).cpuSeconds - before;
        cpu[path].chunks += through.chunks;
        samples[path].push(...through.timings);
      };
      for (let round = 0; round < level.rounds; round += 1) {
        samples.direct.push(...(await runPhase({ ...phase, run: direct })).timings);
        await measured('floor', floor.pid, viaFloor);
        await measured('sdkFloor', sdkFloor.pid, viaSdkFloor);
        await measured('chatbox', server.pid, viaChatbox);
      }
      addLevelFigures(result, level.concurrency, samples, level.chunks);
      const perThousand = (path: keyof typeof cpu) => (cpu[path].seconds / Math.max(1, cpu[path].chunks)) * 1000;
      result.figures.push(
        figure(`server CPU per 1,000 chunks @${level.concurrency}`, perThousand('chatbox'), 's'),
        figure(`  floor proxy CPU per 1,000 chunks @${level.concurrency}`, perThousand('floor'), 's'),
        figure(`  SDK floor proxy CPU per 1,000 chunks @${level.concurrency}`, perThousand('sdkFloor'), 's'),
      );
    }

    const final = sampleProcess(server.pid);
    result.figures.push(figure('idle RSS after start', idle.rssMb, 'MB', 120));
    result.figures.push(figure('peak RSS (VmHWM)', final.peakRssMb, 'MB'));
    for (const line of server.errorLines().slice(0, 5)) result.errors.push(`server logged: ${line}`);
    result.notes.push(
      `replies of ${options.chunkSize}-character chunks ${options.delayMs} ms apart (${Math.round(1000 / Math.max(1, options.delayMs))} chunks/s per stream); ` +
        `levels ${options.levels.map((level) => `${level.concurrency} streams × ${level.chunks} chunks × ${level.streamsPerWorker} per worker × ${level.rounds} rounds`).join('; ')}; ` +
        'above 1 stream, workers start spread over one stream length and their first stream is not measured',
      'server: chatbox serve (built CLI), only the OpenAI endpoint configured, SQLite in a temp data dir, one signed-in user, LOG_LEVEL info; limits lifted by env ' +
        'LIMIT_CONCURRENT_MESSAGES=false LIMIT_MESSAGE_IP=false LIMIT_MESSAGE_USER=false BAN_VIOLATIONS=false; TITLE_CONVO=false (a title call per new conversation is not streaming overhead)',
      'fake upstream in its own process; the load generator is this process (node:http, keep-alive); added = through chatbox − direct, per percentile; CPU = utime+stime of the server process',
      'floor = the same streams through a minimal Node.js proxy in its own process (node:http + undici, bytes copied as they come, no sign-in, storage or SDK): the least any Node.js server adds on this machine; ' +
        'SDK floor = that proxy with the official OpenAI SDK parsing the stream and each chunk written back as a frame: the least a server on the SDK adds; direct, floor, SDK floor and chatbox phases alternate',
    );
  } finally {
    await server.stop();
    await floor.close();
    await sdkFloor.close();
    await upstream.close();
  }
  return result;
}
