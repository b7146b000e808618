import { createPythonSandbox } from '../../core/sandbox/index.js';
import { figure, newResult, type BenchResult } from '../lib/report.js';
import { median } from '../lib/stats.js';

export interface SandboxBenchOptions {
  /** Warm runs measured after the first (cold) one. */
  warmRuns: number;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * The code interpreter's costs: the first run of a fresh sandbox (making the start-up image, then a
 * process from it), a run on a warm process (the pool refills between runs, as between a model's
 * calls), and how soon after its limit an endless loop is answered.
 */
export async function sandboxBench(options: SandboxBenchOptions): Promise<BenchResult> {
  const result = newResult('sandbox');
  const sandbox = createPythonSandbox({ warmWorkers: 1 });
  try {
    let started = performance.now();
    const cold = await sandbox.runPython({ code: 'sum(range(10))' });
    if (cold.result !== '45') result.errors.push(`the cold run answered ${JSON.stringify(cold)}`);
    result.figures.push(figure('first run of a fresh sandbox (start-up image + process + run)', performance.now() - started, 'ms'));
    const warm: number[] = [];
    for (let run = 0; run < options.warmRuns; run += 1) {
      // Time for the pool to have its next process ready, as between two calls of a model.
      await sleep(1_500);
      started = performance.now();
      const answer = await sandbox.runPython({ code: 'sum(range(10))' });
      warm.push(performance.now() - started);
      if (answer.result !== '45') result.errors.push(`a warm run answered ${JSON.stringify(answer)}`);
    }
    result.figures.push(figure('run on a warm process (median)', median(warm), 'ms'));
    await sleep(1_500);
    started = performance.now();
    const loop = await sandbox.runPython({ code: 'while True:\n    pass', limits: { wallClockMs: 1_000 } });
    if (!loop.timedOut) result.errors.push(`the endless loop was not stopped: ${JSON.stringify(loop)}`);
    result.figures.push(figure('endless loop answered after its 1 s limit', performance.now() - started - 1_000, 'ms'));
    result.notes.push(`${options.warmRuns} warm runs of sum(range(10)), each 1.5 s after the previous one`);
  } finally {
    await sandbox.close();
  }
  return result;
}
