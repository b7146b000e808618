import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApprovalRegistry } from './tool-approvals.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the approval registry', () => {
  it("settles a call by its own user's answer, once, and refuses another user's", async () => {
    const approvals = createApprovalRegistry();
    const pending = approvals.request('ada', { timeoutMs: 60_000, signal: new AbortController().signal });
    expect(Date.parse(pending.expiresAt) - Date.now()).toBeGreaterThan(59_000);
    expect(await approvals.answer('mallory', pending.id, true)).toEqual({ kind: 'not-found' });
    expect(approvals.pending).toBe(1);
    expect(await approvals.answer('ada', pending.id, false)).toEqual({ kind: 'decided', status: 'denied' });
    expect(await pending.decision).toBe('denied');
    expect(await approvals.answer('ada', pending.id, true)).toEqual({ kind: 'already-decided', status: 'denied' });
    expect(approvals.pending).toBe(0);
  });

  it('expires a call nobody answers, stops one whose turn stops, and forgets decided calls after a while', async () => {
    vi.useFakeTimers();
    const approvals = createApprovalRegistry({ keepDecidedMs: 5_000 });
    const turn = new AbortController();
    const unanswered = approvals.request('ada', { timeoutMs: 1_000, signal: new AbortController().signal });
    const stopped = approvals.request('ada', { timeoutMs: 1_000, signal: turn.signal });
    turn.abort();
    expect(await stopped.decision).toBe('stopped');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await unanswered.decision).toBe('expired');
    expect(await approvals.answer('ada', unanswered.id, true)).toEqual({ kind: 'already-decided', status: 'expired' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await approvals.answer('ada', unanswered.id, true)).toEqual({ kind: 'not-found' });
    expect(await approvals.answer('ada', stopped.id, true)).toEqual({ kind: 'not-found' });
  });

  it('stops at once a call requested on a turn already stopped', async () => {
    const turn = new AbortController();
    turn.abort();
    expect(await createApprovalRegistry().request('ada', { timeoutMs: 1_000, signal: turn.signal }).decision).toBe('stopped');
  });
});
