import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TurnDirectory } from '../coordination/types.js';
import { toolApprovalStatuses, type ToolApprovalStatus } from '../protocol/stream-frames.js';

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

const decisions = z.enum(toolApprovalStatuses).exclude(['pending']);
/** What an instance that holds the call answers another one (its registry's answer, as JSON). */
const remoteAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('decided'), status: z.enum(['allowed', 'denied']) }),
  z.object({ kind: z.literal('already-decided'), status: decisions }),
  z.object({ kind: z.literal('not-found') }),
]);
/** What another instance asks this one: its user's answer (that instance authenticated the user). */
const remoteQuestionSchema = z.object({ userId: z.string(), allow: z.boolean() });

interface Entry {
  userId: string;
  status: ToolApprovalStatus;
  settle(status: ApprovalDecision): void;
}

/**
 * The tool calls waiting for their user's approval, by id. In memory, like the abort registry: the
 * answer must reach the process running the turn, so each call is recorded in the `directory` and
 * an answer that lands on another instance is handed to this one (through Redis; in memory there is
 * no other instance). A decided entry is kept a while longer, so a second answer (a double click, a
 * second tab) is told it came too late rather than that the call never existed.
 */
export function createApprovalRegistry({
  directory,
  log,
  keepDecidedMs = 10 * 60_000,
}: {
  directory?: TurnDirectory;
  log?: { warn(details: object, message: string): void };
  keepDecidedMs?: number;
} = {}) {
  const entries = new Map<string, Entry>();
  // Approval keys share the directory with the turns' `<userId>:<abortKey>`; no user id is `approval`.
  const prefix = 'approval:';
  const keyOf = (id: string) => prefix + id;
  // The call waits whether or not Redis heard of it; only an answer on another instance misses it then.
  const unshared = (error: unknown) => log?.warn({ err: error }, 'the call waiting for approval could not be recorded in Redis');

  const answerHere = (userId: string, id: string, allow: boolean): ApprovalAnswer => {
    const entry = entries.get(id);
    if (!entry || entry.userId !== userId) return { kind: 'not-found' };
    if (entry.status !== 'pending') return { kind: 'already-decided', status: entry.status };
    const status = allow ? 'allowed' : 'denied';
    entry.settle(status);
    return { kind: 'decided', status };
  };
  directory?.serve('approval', async (key, body) => {
    const question = remoteQuestionSchema.safeParse(body);
    if (!question.success || !key.startsWith(prefix)) return { kind: 'not-found' };
    return answerHere(question.data.userId, key.slice(prefix.length), question.data.allow);
  });

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
          // The record stays as long as the entry, so a late answer on another instance hears it came too late.
          setTimeout(() => {
            entries.delete(id);
            directory?.release(keyOf(id)).catch(unshared);
          }, keepDecidedMs).unref();
        },
      };
      entries.set(id, entry);
      // Sent before the pending box is streamed: the user cannot answer on another instance before Redis knows.
      directory?.claim(keyOf(id)).catch(unshared);
      signal.addEventListener('abort', onStop, { once: true });
      if (signal.aborted) entry.settle('stopped');
      return { id, expiresAt: new Date(Date.now() + timeoutMs).toISOString(), decision };
    },
    /** The user's answer to one of their own pending calls, here or on the instance where it waits. */
    async answer(userId: string, id: string, allow: boolean): Promise<ApprovalAnswer> {
      if (entries.has(id) || !directory) return answerHere(userId, id, allow);
      const raw = await directory.askHolder('approval', keyOf(id), { userId, allow });
      if (raw === null) return { kind: 'not-found' };
      const answer = remoteAnswerSchema.safeParse(raw);
      if (answer.success) return answer.data;
      // The other instance answered, but not an answer: said, not hidden.
      log?.warn({ issues: answer.error.issues.slice(0, 5) }, 'the answer of an approval decided on another instance did not validate');
      return { kind: 'not-found' };
    },
    /** How many calls wait for an answer now. */
    get pending() {
      return [...entries.values()].filter((entry) => entry.status === 'pending').length;
    },
  };
}

export type ApprovalRegistry = ReturnType<typeof createApprovalRegistry>;
