import { randomUUID } from 'node:crypto';
import type { ToolApprovalStatus } from '../protocol/stream-frames.js';

/** How a call that waited for the user's approval was decided. */
export type ApprovalDecision = Exclude<ToolApprovalStatus, 'pending'>;

/** One call waiting for its user's answer. */
export interface PendingApproval {
  id: string;
  /** When the wait ends with `expired` (ISO 8601), for the UI's countdown. */
  expiresAt: string;
  /** Settles once: the user's answer, the timeout, or the turn's stop. */
  decision: Promise<ApprovalDecision>;
}

/** What answering an approval came to. */
export type ApprovalAnswer =
  | { kind: 'decided'; status: 'allowed' | 'denied' }
  /** The call was decided before (answered, expired or stopped): a second answer changes nothing. */
  | { kind: 'already-decided'; status: ApprovalDecision }
  /** No approval of this user has that id (another user's, made up, or forgotten since). */
  | { kind: 'not-found' };

interface Entry {
  userId: string;
  status: ToolApprovalStatus;
  settle(status: ApprovalDecision): void;
}

/**
 * The tool calls waiting for their user's approval, by id. In memory, like the abort registry: the
 * answer must reach the process running the turn. A decided entry is kept a while longer, so a
 * second answer (a double click, a second tab) is told it came too late rather than that the call
 * never existed.
 */
export function createApprovalRegistry({ keepDecidedMs = 10 * 60_000 }: { keepDecidedMs?: number } = {}) {
  const entries = new Map<string, Entry>();
  return {
    /** Registers a call that waits for `userId`'s answer, at most `timeoutMs`, and no longer than the turn's `signal`. */
    request(userId: string, { timeoutMs, signal }: { timeoutMs: number; signal: AbortSignal }): PendingApproval {
      const id = randomUUID();
      let resolve!: (status: ApprovalDecision) => void;
      const decision = new Promise<ApprovalDecision>((done) => (resolve = done));
      const onStop = () => entry.settle('stopped');
      const timer = setTimeout(() => entry.settle('expired'), timeoutMs);
      // The turn's own request keeps the process up while it waits; this timer need not.
      timer.unref();
      const entry: Entry = {
        userId,
        status: 'pending',
        settle(status) {
          if (entry.status !== 'pending') return;
          entry.status = status;
          clearTimeout(timer);
          signal.removeEventListener('abort', onStop);
          resolve(status);
          setTimeout(() => entries.delete(id), keepDecidedMs).unref();
        },
      };
      entries.set(id, entry);
      signal.addEventListener('abort', onStop, { once: true });
      if (signal.aborted) entry.settle('stopped');
      return { id, expiresAt: new Date(Date.now() + timeoutMs).toISOString(), decision };
    },
    /** The user's answer to one of their own pending calls. */
    answer(userId: string, id: string, allow: boolean): ApprovalAnswer {
      const entry = entries.get(id);
      if (!entry || entry.userId !== userId) return { kind: 'not-found' };
      if (entry.status !== 'pending') return { kind: 'already-decided', status: entry.status };
      const status = allow ? 'allowed' : 'denied';
      entry.settle(status);
      return { kind: 'decided', status };
    },
    /** How many calls wait for an answer now. */
    get pending() {
      return [...entries.values()].filter((entry) => entry.status === 'pending').length;
    },
  };
}

export type ApprovalRegistry = ReturnType<typeof createApprovalRegistry>;
