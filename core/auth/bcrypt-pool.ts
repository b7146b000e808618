import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export type BcryptTask = { kind: 'hash'; password: string; cost: number } | { kind: 'compare'; password: string; hash: string };

// Plain CommonJS so that it runs as is from the built package and under the test runner alike.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcrypt);
parentPort.on('message', (task) => {
  try {
    const result = task.kind === 'hash' ? bcrypt.hashSync(task.password, task.cost) : bcrypt.compareSync(task.password, task.hash);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

const bcryptPath = createRequire(import.meta.url).resolve('bcryptjs');

interface Job {
  task: BcryptTask;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

/**
 * bcrypt in worker threads. A hash or a compare at cost 10 is about 100 ms of CPU; bcryptjs's async
 * functions run it on the main thread in slices scheduled so densely that 50 concurrent sign-ins
 * starved every timer and request for 10 s (measured), so the work moves to threads of its own and
 * the event loop only posts messages. One thread fewer than the cores (the main thread keeps one),
 * at most four; a thread is started on first use and does not keep the process alive while idle.
 */
export function createBcryptPool(size = Math.max(1, Math.min(4, availableParallelism() - 1))) {
  const threads: Thread[] = [];
  const queue: Job[] = [];

  function startThread(): Thread {
    const thread: Thread = { worker: new Worker(workerSource, { eval: true, workerData: { bcrypt: bcryptPath } }), job: null };
    thread.worker.unref();
    thread.worker.on('message', (message: { result?: unknown; error?: string }) => {
      const job = thread.job;
      thread.job = null;
      thread.worker.unref();
      if (message.error !== undefined) job?.reject(new Error(message.error));
      else job?.resolve(message.result);
      dispatch();
    });
    const fail = (error: Error) => {
      // A thread that died is replaced by the next dispatch; its job fails rather than hangs.
      threads.splice(threads.indexOf(thread), 1);
      thread.job?.reject(error);
      thread.job = null;
      dispatch();
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => {
      if (threads.includes(thread)) fail(new Error(`a bcrypt thread exited with code ${code}`));
    });
    threads.push(thread);
    return thread;
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const thread = threads.find((candidate) => candidate.job === null) ?? (threads.length < size ? startThread() : null);
      if (!thread) return;
      const job = queue.shift()!;
      thread.job = job;
      // Held while it works, so a CLI command waiting for a hash does not exit before it.
      thread.worker.ref();
      thread.worker.postMessage(job.task);
    }
  }

  return {
    run(task: BcryptTask): Promise<unknown> {
      return new Promise((resolve, reject) => {
        queue.push({ task, resolve, reject });
        dispatch();
      });
    },
    /** Stops every thread (tests; the threads never keep a process alive by themselves). */
    async close(): Promise<void> {
      const stopping = threads.splice(0);
      for (const thread of stopping) thread.job?.reject(new Error('the bcrypt threads were stopped'));
      await Promise.all(stopping.map((thread) => thread.worker.terminate()));
    },
  };
}

export type BcryptPool = ReturnType<typeof createBcryptPool>;
