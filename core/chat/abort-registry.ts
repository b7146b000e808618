import type { TurnDirectory } from '../coordination/types.js';
import { assistantsFinalFrameSchema, finalFrameSchema, type AssistantsFinalFrame, type FinalFrame } from '../protocol/stream-frames.js';

/**
 * The turns in flight, by user and abort key (the conversation id), so that POST …/abort can stop
 * one and answer with what it saved. The turns themselves live in this process; the directory says
 * which instance runs each, so that a stop landing on another instance reaches it (through Redis).
 */
export interface RunningTurn {
  controller: AbortController;
  /** Resolves with the final payload once the turn has saved what it had (an assistants run's has `runMessages`); null after an error. */
  settled: Promise<FinalFrame | AssistantsFinalFrame | null>;
}

export function createAbortRegistry(directory: TurnDirectory, log: { warn(details: object, message: string): void }) {
  const running = new Map<string, RunningTurn>();
  const keyOf = (userId: string, abortKey: string) => `${userId}:${abortKey}`;
  const stopHere = async (key: string): Promise<FinalFrame | AssistantsFinalFrame | null> => {
    const turn = running.get(key);
    if (!turn) return null;
    turn.controller.abort();
    return turn.settled;
  };
  directory.serve('stop', stopHere);
  // A turn runs whether or not Redis heard of it; only a stop from another instance misses it then.
  const unshared = (error: unknown) => log.warn({ err: error }, 'the running turn could not be recorded in Redis');

  return {
    add(userId: string, abortKey: string, turn: RunningTurn): () => void {
      const key = keyOf(userId, abortKey);
      running.set(key, turn);
      directory.claim(key).catch(unshared);
      return () => {
        if (running.get(key) !== turn) return;
        running.delete(key);
        directory.release(key).catch(unshared);
      };
    },
    /** Stops the user's turn, here or on the instance running it, and waits for its final payload; null when none runs under that key. */
    async abort(userId: string, abortKey: string): Promise<FinalFrame | AssistantsFinalFrame | null> {
      const key = keyOf(userId, abortKey);
      if (running.has(key)) return stopHere(key);
      const raw = await directory.askHolder('stop', key, null);
      // An assistants run's final payload is the one with runMessages.
      const schema = typeof raw === 'object' && raw !== null && 'runMessages' in raw ? assistantsFinalFrameSchema : finalFrameSchema;
      const answer = schema.safeParse(raw);
      if (answer.success) return answer.data;
      // The other instance stopped the turn, but what it answered is not a final payload: said, not hidden.
      if (raw !== null) log.warn({ issues: answer.error.issues.slice(0, 5) }, 'the final payload of a turn stopped on another instance did not validate');
      return null;
    },
    /** Resolves once every turn running now has ended, on its own or stopped. */
    async allSettled(): Promise<void> {
      await Promise.all([...running.values()].map((turn) => turn.settled));
    },
    /** Stops every running turn, as its user's stop button would, and waits until each saved what it had. */
    async stopAll(): Promise<void> {
      const turns = [...running.values()];
      for (const turn of turns) turn.controller.abort();
      await Promise.all(turns.map((turn) => turn.settled));
    },
    get size() {
      return running.size;
    },
  };
}

export type AbortRegistry = ReturnType<typeof createAbortRegistry>;
