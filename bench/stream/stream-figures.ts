import { figure, type BenchResult } from '../lib/report.js';
import { summarize } from '../lib/stats.js';
import type { StreamTiming } from './stream-client.js';

export interface LevelSamples {
  direct: StreamTiming[];
  /** Through the floor proxy: the least a Node.js proxy adds (floor-proxy-process.ts). */
  floor: StreamTiming[];
  /** Through the floor proxy with the OpenAI SDK in the middle: the least a server on the SDK adds. */
  sdkFloor: StreamTiming[];
  chatbox: StreamTiming[];
}

/** The issue's targets, in ms: time to first token at 1 stream and at 500, and the gap between chunks. */
const targets = { ttftP50At1: 3, ttftP99At1: 15, ttftP99At500: 50, gapP99: 2 };

/** The levels the issue sets targets at; others are measured for information. */
const issueLevels = new Set([1, 50, 500]);

/**
 * Turns one level's samples into figures: both paths' p50/p99 and the difference. A stream that failed
 * or lost chunks is an error of the run, whatever the timings say.
 */
export function addLevelFigures(result: BenchResult, concurrency: number, samples: LevelSamples, expectedChunks: number): void {
  const at = `@${concurrency}`;
  for (const [path, timings] of Object.entries(samples) as Array<[string, StreamTiming[]]>) {
    const failed = timings.filter((timing) => timing.error !== undefined);
    if (failed.length > 0) result.errors.push(`${path} ${at}: ${failed.length} of ${timings.length} streams failed, first: ${failed[0].error}`);
    const short = timings.filter((timing) => timing.error === undefined && timing.chunks !== expectedChunks);
    if (short.length > 0) result.errors.push(`${path} ${at}: ${short.length} streams had a chunk count other than ${expectedChunks} (first: ${short[0].chunks})`);
  }
  const ok = (timings: StreamTiming[]) => timings.filter((timing) => timing.error === undefined);
  const ttftOf = (timings: StreamTiming[]) => summarize(ok(timings).map((t) => t.ttftMs));
  const gapsOf = (timings: StreamTiming[]) => summarize(ok(timings).flatMap((t) => t.gapsMs));
  const ttft = { direct: ttftOf(samples.direct), floor: ttftOf(samples.floor), sdkFloor: ttftOf(samples.sdkFloor), chatbox: ttftOf(samples.chatbox) };
  const gaps = { direct: gapsOf(samples.direct), floor: gapsOf(samples.floor), sdkFloor: gapsOf(samples.sdkFloor), chatbox: gapsOf(samples.chatbox) };

  result.figures.push(
    figure(`TTFT p50 direct ${at}`, ttft.direct.p50, 'ms'),
    figure(`TTFT p50 chatbox ${at}`, ttft.chatbox.p50, 'ms'),
    figure(`TTFT p99 direct ${at}`, ttft.direct.p99, 'ms'),
    figure(`TTFT p99 chatbox ${at}`, ttft.chatbox.p99, 'ms'),
    figure(`added TTFT p50 ${at}`, ttft.chatbox.p50 - ttft.direct.p50, 'ms', concurrency === 1 ? targets.ttftP50At1 : undefined),
    figure(`added TTFT p99 ${at}`, ttft.chatbox.p99 - ttft.direct.p99, 'ms', concurrency === 1 ? targets.ttftP99At1 : concurrency === 500 ? targets.ttftP99At500 : undefined),
    figure(`inter-chunk p50 direct ${at}`, gaps.direct.p50, 'ms'),
    figure(`inter-chunk p50 chatbox ${at}`, gaps.chatbox.p50, 'ms'),
    figure(`inter-chunk p99 direct ${at}`, gaps.direct.p99, 'ms'),
    figure(`inter-chunk p99 chatbox ${at}`, gaps.chatbox.p99, 'ms'),
    figure(`added inter-chunk p99 ${at}`, gaps.chatbox.p99 - gaps.direct.p99, 'ms', issueLevels.has(concurrency) ? targets.gapP99 : undefined),
    figure(`  floor: added TTFT p50 ${at}`, ttft.floor.p50 - ttft.direct.p50, 'ms'),
    figure(`  floor: added TTFT p99 ${at}`, ttft.floor.p99 - ttft.direct.p99, 'ms'),
    figure(`  floor: added inter-chunk p99 ${at}`, gaps.floor.p99 - gaps.direct.p99, 'ms'),
    figure(`  SDK floor: added TTFT p50 ${at}`, ttft.sdkFloor.p50 - ttft.direct.p50, 'ms'),
    figure(`  SDK floor: added TTFT p99 ${at}`, ttft.sdkFloor.p99 - ttft.direct.p99, 'ms'),
    figure(`  SDK floor: added inter-chunk p99 ${at}`, gaps.sdkFloor.p99 - gaps.direct.p99, 'ms'),
    figure(`failed streams through chatbox ${at}`, samples.chatbox.length - ok(samples.chatbox).length, 'streams', concurrency === 500 ? 0 : undefined),
  );
  result.notes.push(
    `${at}: ${ttft.direct.count} direct, ${ttft.floor.count} floor, ${ttft.sdkFloor.count} SDK floor and ${ttft.chatbox.count} chatbox streams; ` +
      `${gaps.direct.count}, ${gaps.floor.count}, ${gaps.sdkFloor.count} and ${gaps.chatbox.count} inter-chunk gaps`,
  );
}
