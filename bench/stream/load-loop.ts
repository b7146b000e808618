import type { StreamTiming } from './stream-client.js';

export interface PhaseOptions {
  /** Streams kept in flight. */
  concurrency: number;
  /** Streams each worker runs back to back. */
  streamsPerWorker: number;
  /**
   * Workers start evenly over this many ms, so N concurrent streams means N in flight in a steady
   * state, not N requests landing in the same millisecond.
   */
  rampMs: number;
  /**
   * Drops each worker's first stream: it ran while the others were still starting, so it did not see
   * the full concurrency.
   */
  discardFirst: boolean;
  run: () => Promise<StreamTiming>;
}

export interface PhaseResult {
  /** The measured streams (without the discarded first ones). */
  timings: StreamTiming[];
  /** Text chunks received over every stream, discarded ones included. */
  chunks: number;
  wallMs: number;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** A closed loop: each worker starts its next stream when the previous one ends. */
export async function runPhase(options: PhaseOptions): Promise<PhaseResult> {
  const timings: StreamTiming[] = [];
  let chunks = 0;
  const started = performance.now();
  const worker = async (index: number) => {
    await sleep((index * options.rampMs) / options.concurrency);
    for (let stream = 0; stream < options.streamsPerWorker; stream += 1) {
      const timing = await options.run();
      chunks += timing.chunks;
      if (stream > 0 || !options.discardFirst) timings.push(timing);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));
  return { timings, chunks, wallMs: performance.now() - started };
}
