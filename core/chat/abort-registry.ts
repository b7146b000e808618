import type { AssistantsFinalFrame, FinalFrame } from '../protocol/stream-frames.js';

/**
 * The turns in flight, by user and abort key (the conversation id), so that POST …/abort can stop
 * one and answer with what it saved. In memory: an abort must reach the process running the turn.
 */
export interface RunningTurn {
  controller: AbortController;
  /** Resolves with the final payload once the turn has saved what it had (an assistants run's has `runMessages`); null after an error. */
  settled: Promise<FinalFrame | AssistantsFinalFrame | null>;
}

export function createAbortRegistry() {
  const running = new Map<string, RunningTurn>();
  const keyOf = (userId: string, abortKey: string) => `${userId}:${abortKey}`;
  return {
    add(userId: string, abortKey: string, turn: RunningTurn): () => void {
      const key = keyOf(userId, abortKey);
      running.set(key, turn);
      return () => {
        if (running.get(key) === turn) running.delete(key);
      };
    },
    /** Stops the user's turn and waits for its final payload; null when none runs under that key. */
    async abort(userId: string, abortKey: string): Promise<FinalFrame | AssistantsFinalFrame | null> {
      const turn = running.get(keyOf(userId, abortKey));
      if (!turn) return null;
      turn.controller.abort();
      return turn.settled;
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
