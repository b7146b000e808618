import type { ChatMessage } from '../../plugin-api/index.js';
import type { ResolvedTool } from '../../tools/tool-catalogue.js';
import { runCall, spendStep, stepLimitNote, textOf } from '../agent-loop.js';
import type { BuiltRequest } from '../build-chat-request.js';
import { countTokens, MESSAGE_OVERHEAD_TOKENS } from '../tokens.js';
import { readReply, sendRequest, writeReply, type Turn } from '../turn-steps.js';
import type { PluginsAgentSettings } from './agent-options.js';
import { observationText, parseReactStep, reactInstructions, toolInputFrom } from './react-format.js';

/**
 * The classic agent's first request: the conversation's request for the agent's model and
 * temperature, with the ReAct instructions after its system prompt and no native tools.
 */
export function classicAgentRequest(built: BuiltRequest, tools: readonly ResolvedTool[], agent: PluginsAgentSettings): BuiltRequest {
  const instructions = reactInstructions(tools.map(({ tool }) => tool));
  const system = built.request.system ? `${built.request.system}\n\n${instructions}` : instructions;
  let count: number | undefined;
  return {
    ...built,
    request: { ...built.request, model: agent.model, system, parameters: { ...built.request.parameters, temperature: agent.temperature } },
    promptTokens: () => (count ??= built.promptTokens() + countTokens(instructions, agent.model)),
  };
}

/** The next request: the step the model wrote (up to its Action Input), then the observation. */
function nextReactRequest(built: BuiltRequest, stepText: string, observation: string): BuiltRequest {
  const step: ChatMessage = { role: 'assistant', content: [{ type: 'text', text: stepText }] };
  const observed: ChatMessage = { role: 'user', content: [{ type: 'text', text: observationText(observation) }] };
  const added = countTokens(stepText + observation, built.request.model) + 2 * MESSAGE_OVERHEAD_TOKENS;
  let count: number | undefined;
  return { ...built, request: { ...built.request, messages: [...built.request.messages, step, observed] }, promptTokens: () => (count ??= built.promptTokens() + added) };
}

/**
 * After the classic agent's first model call has been read (its text hidden from the reply): while
 * the model writes an Action, run that tool (its box and marker stream as for native calls), feed
 * the observation back and ask again. Resolves with the agent's answer (its Final Answer, or the
 * step-limit note), or undefined when the turn was stopped or failed.
 */
export async function runClassicAgent(turn: Turn): Promise<string | undefined> {
  const { services, input, controller, accumulator, tools } = turn;
  const byName = new Map(tools.map((resolved) => [resolved.tool.name, resolved]));
  const { maxSteps } = services.agent;
  for (let step = 1; ; step += 1) {
    if (accumulator.failure || controller.signal.aborted) return undefined;
    const parsed = parseReactStep(accumulator.stepText);
    if (parsed.kind === 'final') return parsed.answer;
    if (step >= maxSteps) {
      services.log.info({ conversationId: input.plan.conversationId, maxSteps }, 'the classic agent reached its step limit');
      return stepLimitNote(maxSteps);
    }
    const call = { type: 'tool-call' as const, id: `${input.plan.responseMessageId}-step-${accumulator.toolRuns.length + 1}`, name: parsed.tool, input: toolInputFrom(byName.get(parsed.tool)?.tool, parsed.input) };
    const running = runCall(turn, byName, call);
    // A reload while the tool runs shows it running.
    await writeReply(turn, {}).catch((error: unknown) => services.log.warn({ err: error }, 'saving the partial reply failed'));
    const result = await running;
    if (controller.signal.aborted) {
      accumulator.streamEnded(true);
      return undefined;
    }
    await spendStep(turn);
    turn.built = nextReactRequest(turn.built, parsed.text, textOf(result));
    accumulator.startStep();
    await readReply(turn, await sendRequest(turn));
  }
}
