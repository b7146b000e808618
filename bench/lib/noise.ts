import { cpus, release, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The machine the figures were taken on. */
export function describeMachine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    kernel: release(),
  };
}

/** How busy the shared machine was with work that is not ours. */
export interface Noise {
  loadAverageMax: number;
  /** Cores kept busy by other processes (machine busy CPU minus this process tree's), mean over the run. */
  foreignCoresMean: number;
  foreignCoresMax: number;
}

/**
 * Samples the machine every second in a worker thread (noise-worker.ts). Descendants that exit between
 * two samples lose their last second, so the foreign figure errs slightly high.
 */
export function watchNoise(): { stop(): Promise<Noise> } {
  const worker = new Worker(new URL('./noise-worker.js', import.meta.url), { workerData: { rootPid: process.pid } });
  worker.unref();
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (noise: Noise) => {
          void worker.terminate();
          resolve(noise);
        });
        worker.postMessage('stop');
      }),
  };
}
