import type { ToolApproval, ToolRun } from '../protocol/stream-frames.js';
import type { ApprovalDecision } from '../tools/tool-approvals.js';
import { durationText, toolCallError, type RequestedToolCall, type ToolCallResult } from '../tools/run-tool-call.js';
import type { ChatServices } from './chat-services.js';
import type { Turn } from './turn-steps.js';

/**
 * A call of a tool marked `requiresApproval`: its box says it waits (with the id the user answers
 * and when the wait ends), the turn waits for the answer, the timeout or Stop, and the box then
 * says how it was decided. Only an allowed call runs; any other decision is what the model is told.
 */

/** What the model reads instead of the tool's output when the call did not run. */
function notRun(call: RequestedToolCall, decision: Exclude<ApprovalDecision, 'allowed'>, timeoutMs: number): ToolCallResult {
  if (decision === 'stopped') return toolCallError(call, 'the turn was stopped');
  const text =
    decision === 'denied'
      ? `The user denied this call of ${call.name}: it did not run.`
      : `The user did not approve this call of ${call.name} within ${durationText(timeoutMs)}: it did not run.`;
  return { call, input: {}, output: [{ type: 'text', text }], isError: true };
}

/** What the user's answer (or its absence) came to: the approval as decided and, unless allowed, what the model reads instead. */
export interface ApprovalOutcome {
  approval: ToolApproval;
  refused?: ToolCallResult;
}

/**
 * Registers a call's wait for its user's answer (POST /api/ask/approval), bounded by
 * `tools.approvalTimeout` and by `signal` (the turn's or run's stop). Answers the pending approval
 * at once, for the caller to stream before its first await, and the outcome once decided. Shared by
 * the chat endpoints' agent loop and the assistants runs, so both ask and answer the model alike.
 */
export function requestToolApproval(
  services: Pick<ChatServices, 'approvals' | 'agent' | 'log'>,
  request: { userId: string; conversationId: string; signal: AbortSignal; call: RequestedToolCall },
): { pending: ToolApproval; outcome: Promise<ApprovalOutcome> } {
  const timeoutMs = services.agent.approvalTimeoutMs;
  const waiting = services.approvals.request(request.userId, { timeoutMs, signal: request.signal });
  const pending: ToolApproval = { id: waiting.id, status: 'pending', expiresAt: waiting.expiresAt };
  const outcome = waiting.decision.then((status): ApprovalOutcome => {
    const approval: ToolApproval = { id: waiting.id, status };
    if (status === 'allowed') return { approval };
    services.log.info({ tool: request.call.name, conversationId: request.conversationId, status }, 'a tool call waiting for approval did not run');
    return { approval, refused: notRun(request.call, status, timeoutMs) };
  });
  return { pending, outcome };
}

/**
 * Starts the wait and streams the pending box at once (before the caller's first await, so the
 * reply snapshot the agent loop writes next has it: a reload shows the question). Resolves with the
 * run as it stands after the decision, and the result when the call must not run.
 */
export async function awaitApproval(turn: Turn, started: ToolRun, call: RequestedToolCall): Promise<{ run: ToolRun; refused?: ToolCallResult }> {
  const { services, input, accumulator, controller } = turn;
  const { pending, outcome } = requestToolApproval(services, { userId: input.user.id, conversationId: input.plan.conversationId, signal: controller.signal, call });
  input.stream.send(accumulator.toolRun({ ...started, approval: pending }));
  const { approval, refused } = await outcome;
  return { run: { ...started, approval }, refused };
}
