import type { ResolvedTool } from '../../tools/tool-catalogue.js';
import { offerTools, runAgentLoop, spendStep } from '../agent-loop.js';
import type { BuiltRequest } from '../build-chat-request.js';
import { readReply, sendRequest, type Turn } from '../turn-steps.js';
import type { PluginsAgentSettings } from './agent-options.js';
import { classicAgentRequest, runClassicAgent } from './classic-agent.js';
import { completionInstructions, completionRequest } from './completion-pass.js';

/**
 * The plugins endpoint's turn with tools (LibreChat's PluginsClient on the turn engine). The agent's
 * model and temperature run its steps; each tool run adds a plugin box and a `:::plugin:::` marker
 * (reply-accumulator.ts). Then:
 * - functions agent with skipCompletion: the reply is what the model wrote over its steps, streamed
 *   as it comes, with the markers where its tools started;
 * - classic agent with skipCompletion: the markers, then the Final Answer (its Thought/Action text
 *   is the agent's working and never shown);
 * - without skipCompletion: the agent's text stays hidden, and a completion pass with the
 *   conversation's model writes the reply after the markers (completion-pass.ts).
 */

/** The agent's first request, from the conversation's request. */
export function pluginsAgentRequest(conversation: BuiltRequest, tools: readonly ResolvedTool[], agent: PluginsAgentSettings): BuiltRequest {
  if (agent.agent === 'classic') return classicAgentRequest(conversation, tools, agent);
  const forAgent = { ...conversation, request: { ...conversation.request, model: agent.model, parameters: { ...conversation.request.parameters, temperature: agent.temperature } } };
  return offerTools(forAgent, tools, agent.model);
}

/** Whether the agent's own text stays out of the reply (it is working, not the answer). */
export const hidesAgentText = (agent: PluginsAgentSettings) => agent.agent === 'classic' || !agent.skipCompletion;

/** After the agent's first model call has been read: its steps, then the reply as `agent` says. */
export async function runPluginsAgent(turn: Turn, agent: PluginsAgentSettings, conversation: BuiltRequest): Promise<void> {
  const { input, accumulator, controller } = turn;
  let answer: string | undefined;
  if (agent.agent === 'functions') {
    await runAgentLoop(turn);
    answer = accumulator.stepText;
  } else {
    answer = await runClassicAgent(turn);
  }
  if (answer === undefined || accumulator.failure || controller.signal.aborted) return;
  if (agent.skipCompletion) {
    if (agent.agent === 'classic') input.stream.send(accumulator.answer(answer));
    return;
  }
  // The agent's last step is spent here: the reply's own spend is the completion's.
  await spendStep(turn);
  turn.built = completionRequest(conversation, completionInstructions(accumulator.toolRuns, answer, turn.userMessage.text));
  accumulator.startStep();
  accumulator.showModelText(true);
  await readReply(turn, await sendRequest(turn));
}
