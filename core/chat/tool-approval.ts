import type { ToolApproval, ToolRun } from '../protocol/stream-frames.js';
import type { ApprovalDecision } from '../tools/tool-approvals.js';
import { durationText, toolCallError, type RequestedToolCall, type ToolCallResult } from '../tools/run-tool-call.js';
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

/**
 * Starts the wait and streams the pending box at once (before the caller's first await, so the
 * reply snapshot the agent loop writes next has it: a reload shows the question). Resolves with the
 * run as it stands after the decision, and the result when the call must not run.
 */
export function awaitApproval(turn: Turn, started: ToolRun, call: RequestedToolCall): Promise<{ run: ToolRun; refused?: ToolCallResult }> {
  const { services, input, accumulator, controller } = turn;
  const timeoutMs = services.agent.approvalTimeoutMs;
  const pending = services.approvals.request(input.user.id, { timeoutMs, signal: controller.signal });
  const approval: ToolApproval = { id: pending.id, status: 'pending', expiresAt: pending.expiresAt };
  input.stream.send(accumulator.toolRun({ ...started, approval }));
  return pending.decision.then((status) => {
    const run: ToolRun = { ...started, approval: { id: pending.id, status } };
    if (status === 'allowed') return { run };
    services.log.info({ tool: call.name, conversationId: input.plan.conversationId, status }, 'a tool call waiting for approval did not run');
    return { run, refused: notRun(call, status, timeoutMs) };
  });
}
