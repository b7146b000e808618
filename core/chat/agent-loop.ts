import type { ChatMessage, ToolCallPart, ToolDefinition } from '../plugin-api/index.js';
import type { ToolRun } from '../protocol/stream-frames.js';
import { runToolCall, toolCallError, type ToolCallResult } from '../tools/run-tool-call.js';
import type { ResolvedTool } from '../tools/tool-catalogue.js';
import { missingCredentialsMessage } from '../tools/tool-credentials.js';
import type { BuiltRequest } from './build-chat-request.js';
import type { ChatServices } from './chat-services.js';
import { awaitApproval } from './tool-approval.js';
import { countTokens, MESSAGE_OVERHEAD_TOKENS } from './tokens.js';
import { readReply, sendRequest, writeReply, type Turn } from './turn-steps.js';

/**
 * The agent loop, shared by every endpoint whose turn carries tools: the model's reply is read
 * (turn-steps), the tool calls it made run in parallel, their results go back in the provider
 * contract's shape (an assistant message with the calls, a `tool` message with the results), and
 * the model is asked again, until it answers without calls or the step limit is reached.
 */

/** The tools as the model is told about them, on the first request of the turn (prompt tokens counted in). */
export function offerTools(built: BuiltRequest, tools: readonly ResolvedTool[], model: string): BuiltRequest {
  if (tools.length === 0) return built;
  const definitions: ToolDefinition[] = tools.map(({ tool }) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
  let count: number | undefined;
  return {
    ...built,
    request: { ...built.request, tools: definitions },
    promptTokens: () => (count ??= built.promptTokens() + countTokens(JSON.stringify(definitions), model)),
  };
}

/** The JSON the model wrote, parsed, for repeating its call upstream; `{}` when it was not JSON. */
function parsedInput(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return {};
  }
}

/** A result as the text the model and the plugin box show (`[image]` for an image part). */
export const textOf = (result: ToolCallResult) => result.output.map((part) => (part.type === 'text' ? part.text : '[image]')).join('');

/** The next request: the history so far, the step's calls (with its text) and their results. */
export function nextStepRequest(built: BuiltRequest, stepText: string, results: readonly ToolCallResult[], model: string): BuiltRequest {
  const assistant: ChatMessage = {
    role: 'assistant',
    content: [
      ...(stepText ? [{ type: 'text' as const, text: stepText }] : []),
      ...results.map(({ call }) => ({ type: 'tool-call' as const, id: call.id, name: call.name, input: parsedInput(call.input) })),
    ],
  };
  const answers: ChatMessage = {
    role: 'tool',
    content: results.map((result) => ({ type: 'tool-result' as const, toolCallId: result.call.id, toolName: result.call.name, output: result.output, ...(result.isError ? { isError: true } : {}) })),
  };
  const added = countTokens(stepText + results.map((result) => result.call.input + textOf(result)).join(''), model) + 2 * MESSAGE_OVERHEAD_TOKENS;
  let count: number | undefined;
  return { ...built, request: { ...built.request, messages: [...built.request.messages, assistant, answers] }, promptTokens: () => (count ??= built.promptTokens() + added) };
}

/**
 * The calls with ids unique in the reply: a provider that makes up ids per response (Gemini sends
 * none) repeats them in the next step, and the stored runs are keyed by id. The id is ours to
 * choose then: the next request repeats the call and its result under the same one.
 */
function uniqueIds(calls: readonly ToolCallPart[], earlier: readonly { runId: string }[]): ToolCallPart[] {
  const taken = new Set(earlier.map((run) => run.runId));
  return calls.map((call) => {
    let id = call.id;
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${call.id}_${suffix}`;
    taken.add(id);
    return id === call.id ? call : { ...call, id };
  });
}

/** Who a tool call runs for, and what stops it: a turn's, or an assistants run's. */
export interface ToolCallScope {
  services: ChatServices;
  userId: string;
  conversationId: string;
  signal: AbortSignal;
}

/**
 * The user's credentials for a tool (stored, else the environment), or why the call cannot run: a
 * missing credential is the model's to report, never the turn's failure.
 */
async function credentialsOf({ services, userId }: ToolCallScope, found: ResolvedTool): Promise<{ credentials: Record<string, string> } | { failure: string }> {
  try {
    const { credentials, missing } = await services.toolCredentials(userId, found);
    return missing.length > 0 ? { failure: missingCredentialsMessage(missing) } : { credentials };
  } catch (error) {
    services.log.error({ err: error, tool: found.key }, "reading the tool's credentials failed");
    return { failure: 'its credentials could not be read; try again later' };
  }
}

/** Runs one call's tool with the user's credentials (a missing one is the model's to read). */
export async function executeCall(scope: ToolCallScope, found: ResolvedTool | undefined, call: ToolCallPart): Promise<ToolCallResult> {
  const { services, userId, conversationId, signal } = scope;
  const credentials = found ? await credentialsOf(scope, found) : { credentials: {} };
  if ('failure' in credentials) return toolCallError(call, credentials.failure);
  return runToolCall(
    call,
    found?.tool,
    {
      signal,
      userId,
      conversationId,
      credentials: credentials.credentials,
      // A model chooses the URLs a tool fetches: they pass the SSRF guard.
      fetch: services.guardedFetch,
      saveFile: (file) => services.toolFiles({ userId, conversationId }, file),
      log: found?.log ?? { debug() {}, info() {}, warn() {}, error() {} },
    },
    services.agent.toolCall,
  );
}

/** A turn's tool calls run for its user and conversation, and stop with it. */
const scopeOf = ({ services, input, controller }: Turn): ToolCallScope => ({ services, userId: input.user.id, conversationId: input.plan.conversationId, signal: controller.signal });

/**
 * Runs one call, streaming its box: `loading` when it starts, with its output when it ends. A tool
 * marked `requiresApproval` first waits for the user (tool-approval.ts); the box is streamed before
 * the first await, so the snapshot the loop writes next has every call of the step.
 */
export async function runCall(turn: Turn, byName: ReadonlyMap<string, ResolvedTool>, call: ToolCallPart): Promise<ToolCallResult> {
  const { input, accumulator } = turn;
  const initial: ToolRun = { runId: call.id, latest: call.name, inputs: [call.input], outputs: null, loading: true };
  const found = byName.get(call.name);
  const approval = found?.requiresApproval ? awaitApproval(turn, initial, call) : undefined;
  if (!approval) input.stream.send(accumulator.toolRun(initial));
  const { run: started, refused } = approval ? await approval : { run: initial, refused: undefined };
  // Allowed: the box says so while the tool runs.
  if (approval && !refused) input.stream.send(accumulator.toolRun(started));
  const result = refused ?? (await executeCall(scopeOf(turn), found, call));
  input.stream.send(accumulator.toolRun({ ...started, outputs: textOf(result), loading: false, ...(result.isError ? { error: true } : {}) }));
  return result;
}

/**
 * The tokens of a step that led to tool calls (or to a plugins agent's completion pass) count toward
 * the balance like the last one's, at the price of the model that was called.
 */
export async function spendStep(turn: Turn): Promise<void> {
  const { services, input, built, accumulator } = turn;
  const { model } = built.request;
  const usage = accumulator.usage;
  const written = accumulator.stepText + accumulator.toolCalls.map((call) => call.name + call.input).join('');
  await services.balance
    .spend({
      userId: input.user.id, conversationId: input.plan.conversationId, model, context: 'message',
      promptTokens: usage?.promptTokens || built.promptTokens(),
      completionTokens: usage?.completionTokens || countTokens(written, model),
    })
    .catch((error: unknown) => services.log.error({ err: error }, 'recording the token spend failed'));
}

/** What a reply that reached the step limit says at its end. */
export const stepLimitNote = (maxSteps: number) => `_The model was still calling tools after ${maxSteps} steps, the most one reply may take; ask again to let it go on._`;

/**
 * After the turn's first model call has been read: while the model asks for tools, run them and ask
 * again. Ends when the model answers without calls, the reply failed, the turn is stopped (a tool
 * running then sees its signal fire), or the step limit is reached (the reply then says so). The
 * caller saves the reply afterwards, with every call in its `plugins`.
 */
export async function runAgentLoop(turn: Turn): Promise<void> {
  const { services, input, controller, accumulator, tools } = turn;
  if (tools.length === 0) return;
  const byName = new Map(tools.map((resolved) => [resolved.tool.name, resolved]));
  const { maxSteps } = services.agent;
  for (let step = 1; ; step += 1) {
    const calls = accumulator.toolCalls;
    if (calls.length === 0 || accumulator.failure || controller.signal.aborted) return;
    if (step >= maxSteps) {
      services.log.info({ conversationId: input.plan.conversationId, maxSteps }, 'the agent loop reached its step limit');
      input.stream.send(accumulator.note(stepLimitNote(maxSteps)));
      return;
    }
    // Each call's `loading` frame goes out as it starts; then a snapshot, so a reload while the tools
    // run shows them (awaited, so it can never land after the reply is saved).
    const running = Promise.all(uniqueIds(calls, accumulator.toolRuns).map((call) => runCall(turn, byName, call)));
    await writeReply(turn, {}).catch((error: unknown) => services.log.warn({ err: error }, 'saving the partial reply failed'));
    const results = await running;
    if (controller.signal.aborted) {
      accumulator.streamEnded(true);
      return;
    }
    await spendStep(turn);
    turn.built = nextStepRequest(turn.built, accumulator.stepText, results, turn.built.request.model);
    accumulator.startStep();
    await readReply(turn, await sendRequest(turn));
  }
}
