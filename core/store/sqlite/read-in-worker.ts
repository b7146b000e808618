import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** A read running in a worker thread: its rows, and a way to stop it early (the server closing). */
export interface WorkerRead<Row> {
  rows: Promise<Row[]>;
  cancel(): Promise<void>;
}

// Plain CommonJS so that it runs as is from the built package and under the test runner alike.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.filename, { readonly: true, fileMustExist: true });
try {
  parentPort.postMessage(workerData.queries.map((sql) => database.prepare(sql).get()));
} finally {
  database.close();
}
`;

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Runs read-only single-row queries on a database file through a connection of its own in a worker
 * thread: long scans (the full-text index check at start) then cost the server's event loop nothing.
 * WAL lets the worker read while the server writes.
 */
export function readInWorker<Row>(filename: string, queries: string[]): WorkerRead<Row> {
  const worker = new Worker(workerSource, { eval: true, workerData: { driver, filename, queries } });
  let cancelled = false;
  const rows = new Promise<Row[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(cancelled ? 'The read was cancelled' : `The read's worker exited with code ${code}`)));
  });
  return {
    rows,
    async cancel() {
      cancelled = true;
      rows.catch(() => undefined);
      await worker.terminate();
    },
  };
}
