import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

export interface BackgroundCheckpoints {
  /** Stops the worker and closes its connection; the main connection's close then checkpoints the rest. */
  stop(): Promise<void>;
}

/**
 * The worker's whole program (CommonJS, run with `eval`, so it needs no file of its own in the build):
 * its own connection to the database, a PASSIVE checkpoint every `intervalMs`. PASSIVE never waits
 * for a lock, so it never holds up the main connection's writes.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.filename);
database.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message || error) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  database.close();
  parentPort.close();
});
`;

const require = createRequire(import.meta.url);

/**
 * Moves SQLite's WAL checkpoints off the event loop. By default the connection that commits runs a
 * checkpoint every 1,000 WAL pages, copying the pages into the database file and syncing it: a 4 to
 * 13 ms pause of the whole server every hundred or so commits, which is what the tail of the
 * streaming latency showed. With automatic checkpoints off, a worker thread checkpoints on a timer
 * instead; the WAL starts over from its beginning once a checkpoint has caught up, as before.
 */
export function startBackgroundCheckpoints(
  database: Database.Database,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): BackgroundCheckpoints {
  database.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { driver: require.resolve('better-sqlite3'), filename: database.name, intervalMs: options.intervalMs ?? 1_000 },
  });
  worker.unref();
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) options.onError?.(message.failed);
  });
  let failedToRun = false;
  worker.on('error', (error) => {
    // Without the worker nothing would checkpoint: give the job back to the main connection.
    failedToRun = true;
    if (database.open) database.pragma('wal_autocheckpoint = 1000');
    options.onError?.(error.message);
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      if (!failedToRun) worker.postMessage('stop');
      await exited;
    },
  };
}
