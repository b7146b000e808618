import type { ToolRun } from '../../protocol/stream-frames.js';
import type { BuiltRequest } from '../build-chat-request.js';
import { countTokens } from '../tokens.js';

/**
 * The plugins agent's completion pass (`skipCompletion: false`), after LibreChat's PluginsClient:
 * the conversation's model, at the conversation's temperature, writes the reply to the user's
 * message from what the agent did, which the user has not seen. Its system prompt (in place of the
 * conversation's) lists the agent's actions and its preliminary answer.
 */
export function completionInstructions(runs: readonly ToolRun[], preliminary: string, question: string): string {
  const actions = runs.length === 0
    ? 'Internal actions taken: none'
    : ['Internal actions taken:', ...runs.map((run) => `- Action: ${run.latest}\n  Input: ${run.inputs.join(' ')}\n  Observation: ${run.outputs ?? '(none)'}`)].join('\n');
  const answer = preliminary.trim();
  const task = answer
    ? "review and improve the answer you prepared with plugins for the user's message below. The user has not seen your answer or your actions yet."
    : "answer the user's message below from your actions and observations. The user has not seen them yet; finish any action left incomplete.";
  return [
    `As a helpful AI assistant, ${task}`,
    '',
    actions,
    ...(answer ? ['', `Preliminary answer: "${answer}"`] : []),
    '',
    'Reply conversationally, improving where you can, without changing any URL; cite the web links you use.',
    `Respond only with your reply to this user message: "${question}"`,
  ].join('\n');
}

/** The completion pass's request: the conversation's own request with these instructions as its system prompt. */
export function completionRequest(conversation: BuiltRequest, instructions: string): BuiltRequest {
  const own = conversation.request.system ? countTokens(conversation.request.system, conversation.request.model) : 0;
  let count: number | undefined;
  return {
    ...conversation,
    request: { ...conversation.request, system: instructions },
    promptTokens: () => (count ??= conversation.promptTokens() - own + countTokens(instructions, conversation.request.model)),
  };
}
