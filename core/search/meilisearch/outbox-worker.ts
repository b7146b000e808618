import type { Leadership } from '../../coordination/types.js';
import type { PluginLogger } from '../../plugin-api/index.js';
import type { SearchOutboxEntry, SearchOutboxRepository } from '../../store/repositories/search-outbox.js';

export interface OutboxWorkerOptions {
  outbox: SearchOutboxRepository;
  /** Sends one claimed batch; throws to have it retried after the backoff. */
  apply(entries: SearchOutboxEntry[]): Promise<void>;
  /** Runs before the first drain and is retried until it succeeds (index setup, drift check). */
  prepare(): Promise<void>;
  batchSize: number;
  pollIntervalMs: number;
  leaseMs: number;
  backoff: { baseMs: number; maxMs: number };
  logger: PluginLogger;
  /** With several instances (Redis): only the holder drains on its own; the others leave it to it. */
  leadership?: Leadership;
}

export interface OutboxWorker {
  start(): void;
  stop(): Promise<void>;
  wake(): void;
  /** One full drain now, backoff ignored; rejects with the error that stopped it. */
  flush(): Promise<void>;
}

/** A write usually comes with a few more (the user message, the reply, the conversation): gather them. */
const wakeDelayMs = 25;

/**
 * Drains the outbox in the background: on a poll interval, and soon after a wake. Only one pass runs at
 * a time (passes are chained), so the drift check always finishes before the first drain and batches
 * reach Meilisearch in outbox order. Failures never escape: they are logged once per outage, the
 * entries wait out their backoff, and the loop tries again.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { outbox, batchSize, leaseMs, backoff, logger } = options;
  let prepared = false;
  let running = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let timerDueAt = 0;
  let chain: Promise<void> = Promise.resolve();

  const exclusive = (work: () => Promise<void>): Promise<void> => {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  };

  const drain = async (dueBy: () => Date): Promise<void> => {
    if (!prepared) {
      await options.prepare();
      prepared = true;
    }
    for (;;) {
      const entries = await outbox.claim(batchSize, dueBy(), leaseMs);
      if (entries.length === 0) return;
      const ids = entries.map((entry) => entry.id);
      try {
        await options.apply(entries);
      } catch (error) {
        await outbox.fail(ids, error instanceof Error ? error.message : String(error), new Date(), backoff);
        throw error;
      }
      await outbox.ack(ids);
      if (entries.length < batchSize) return;
    }
  };

  // Redis down: nobody can be sure to lead, so nobody drains (the coordination logs the outage); the
  // lease on claimed entries keeps two drains from sending the same batch should two ever overlap.
  const mayDrain = (): Promise<boolean> => options.leadership?.holdOrTake().catch(() => false) ?? Promise.resolve(true);

  const schedule = (delayMs: number) => {
    if (!running) return;
    // A pass already due sooner stays: a stream of wakes must not postpone it forever.
    if (timer && timerDueAt <= Date.now() + delayMs) return;
    if (timer) clearTimeout(timer);
    timerDueAt = Date.now() + delayMs;
    timer = setTimeout(() => {
      timer = null;
      void exclusive(async () => {
        if (await mayDrain()) await drain(() => new Date());
      }).then(
        () => {
          if (failures > 0) logger.info('Meilisearch is reachable again; the search outbox is draining');
          failures = 0;
          schedule(options.pollIntervalMs);
        },
        (error: unknown) => {
          if (failures === 0) logger.warn('Meilisearch sync failed; changes wait in the search outbox and are retried', { error: String(error) });
          failures += 1;
          schedule(Math.min(options.pollIntervalMs * 2 ** Math.min(failures, 10), Math.max(backoff.maxMs, options.pollIntervalMs)));
        },
      );
    }, delayMs);
    // The worker must never keep a finished process (a CLI command, a test) alive.
    timer.unref();
  };

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await chain;
      await options.leadership?.release().catch(() => undefined);
    },
    wake() {
      if (running && failures === 0) schedule(wakeDelayMs);
    },
    flush() {
      // Everything waiting out a backoff is due within backoff.maxMs.
      return exclusive(() => drain(() => new Date(Date.now() + backoff.maxMs)));
    },
  };
}
