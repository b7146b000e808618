import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtCliPath } from '../../testing/run-cli.js';
import { seededDataDir } from '../history/seed-cache.js';
import type { HistorySizes } from '../history/seed.js';
import { requestJson } from '../lib/http.js';
import { figure, newResult, type BenchResult } from '../lib/report.js';
import { median } from '../lib/stats.js';

export interface StartupBenchOptions {
  runs: number;
  /** The seeded history to start on (the history bench's, from the same cache). */
  sizes: HistorySizes;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawn → first 200 from /health, polling every 2 ms: what a process supervisor or a load balancer's
 * health check sees. The port is chosen up front so no log line has to be waited for.
 */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const home = mkdtempSync(join(tmpdir(), 'chatbox-startup-'));
  const started = performance.now();
  const child = spawn(process.execPath, [builtCliPath(), 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
    cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home, LOG_FORMAT: 'json' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`chatbox serve exited before answering /health:\n${output.slice(-2000)}`);
      if (performance.now() - started > 60_000) throw new Error(`no /health answer within 60 s:\n${output.slice(-2000)}`);
      const answered = await requestJson(`http://127.0.0.1:${port}/health`).then((answer) => answer.status === 200, () => false);
      if (answered) return performance.now() - started;
      await sleep(2);
    }
  } finally {
    child.kill('SIGTERM');
    await closed;
    rmSync(home, { recursive: true, force: true });
  }
}

export async function startupBench(options: StartupBenchOptions): Promise<BenchResult> {
  const result = newResult('startup');
  const seeded = await seededDataDir(options.sizes, (line) => console.log(`   ${line}`));
  const empty: number[] = [];
  const full: number[] = [];
  // Alternating, so a busy moment on the shared machine hits both kinds alike.
  for (let run = 0; run < options.runs; run += 1) {
    const fresh = mkdtempSync(join(tmpdir(), 'chatbox-startup-data-'));
    try {
      empty.push(await timeStart(fresh));
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
    full.push(await timeStart(seeded.dataDir));
  }
  result.figures.push(
    figure('start to first /health, empty data dir (median)', median(empty), 'ms', 1000),
    figure('start to first /health, seeded data dir (median)', median(full), 'ms', 1000),
  );
  const list = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
  result.notes.push(
    `${options.runs} runs each, alternating: empty ${list(empty)} ms; seeded ${list(full)} ms`,
    `empty = a new temp data dir each run (secrets generated, every migration applied); seeded = ${seeded.manifest.messages} messages, ${seeded.manifest.conversations} conversations`,
  );
  return result;
}
