import { executeCall, textOf, type ToolCallScope } from '../../chat/agent-loop.js';
import type { ToolCallPart } from '../../plugin-api/index.js';
import { requestToolApproval } from '../../chat/tool-approval.js';
import type { ToolCallResult } from '../../tools/run-tool-call.js';
import type { StepContext } from './model-step.js';
import type { RunPlan } from './plan-run.js';

/**
 * Runs one step's calls at once and streams them: each call's part as it starts (a capability's in
 * LibreChat's part for it, the rest as function calls), then as it ends, followed by the images a
 * call made (`image_file` parts). Answers what the model reads, in the calls' order.
 */
export async function runStepCalls(plan: RunPlan, context: StepContext, calls: readonly ToolCallPart[]): Promise<ToolCallResult[]> {
  const { parts, stream, stop } = context;
  const byName = new Map(plan.tools.map((resolved) => [resolved.tool.name, resolved]));
  const presenters = new Map(plan.capabilities.flatMap((capability) => (capability.present ? [[capability.resolved.tool.name, capability.present] as const] : [])));
  for (const call of calls) {
    const presenter = presenters.get(call.name);
    stream.send(presenter ? parts.startToolCall(presenter.start(call)) : parts.startCall(call));
  }
  const scope: ToolCallScope = { services: context.services, userId: context.userId, conversationId: plan.conversationId, signal: stop };
  return Promise.all(calls.map(async (call): Promise<ToolCallResult> => {
    const presenter = presenters.get(call.name);
    if (presenter) {
      const shown = await presenter.run(scope, call);
      const frame = parts.finishToolCall(shown.toolCall);
      const images = shown.images.map((image) => parts.addImage(image));
      if (!stop.aborted) for (const sent of [frame, ...images]) if (sent) stream.send(sent);
      return shown.result;
    }
    const found = byName.get(call.name);
    const refused = found?.requiresApproval ? await askApproval(context, plan.conversationId, call) : undefined;
    const answer = refused ?? (await executeCall(scope, found, call));
    const frame = parts.finishCall(call.id, textOf(answer));
    if (frame && !stop.aborted) stream.send(frame);
    return answer;
  }));
}

/**
 * A call of a tool marked `requiresApproval` waits for its user, as on the chat endpoints: its part
 * carries the pending approval (the client shows Allow / Deny with the time left), the run pauses
 * until the answer, the timeout or Stop, and the part then says how it was decided. Answers what
 * the model reads instead of the output when the call must not run.
 */
async function askApproval(context: StepContext, conversationId: string, call: ToolCallPart): Promise<ToolCallResult | undefined> {
  const { parts, stream, stop } = context;
  const { pending, outcome } = requestToolApproval(context.services, { userId: context.userId, conversationId, signal: stop, call });
  const asked = parts.setApproval(call.id, pending);
  if (asked) stream.send(asked);
  const { approval, refused } = await outcome;
  const decided = parts.setApproval(call.id, approval);
  if (decided && !refused && !stop.aborted) stream.send(decided);
  return refused;
}

/** Once the model is done: each capability rewrites the reply's text (citations, file links), streamed as edited text parts. */
export function rewriteReplyTexts(plan: RunPlan, context: Pick<StepContext, 'parts' | 'stream'>): void {
  for (const { rewriteText } of plan.capabilities) {
    if (rewriteText) for (const frame of context.parts.rewriteTexts(rewriteText)) context.stream.send(frame);
  }
}
