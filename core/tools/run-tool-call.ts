import type { ToolOutputPart } from '../plugin-api/chat-content.js';
import type { Tool, ToolContext } from '../plugin-api/tool.js';
import { checkToolInput } from './tool-input.js';

/** How far one tool call may go. */
export interface ToolCallLimits {
  /** A call still running after this long is given up on (its signal fires) and answered as an error. */
  timeoutMs: number;
  /** The most characters of text the model is shown of one result; the rest is cut with a note. */
  maxOutputChars: number;
}

export const defaultToolCallLimits: ToolCallLimits = { timeoutMs: 30_000, maxOutputChars: 20_000 };

/** A call the model made, as its stream delivered it. */
export interface RequestedToolCall {
  id: string;
  name: string;
  /** The JSON text the model wrote. */
  input: string;
}

/** What one call came to: what the model is told, and whether it was a failure. */
export interface ToolCallResult {
  call: RequestedToolCall;
  /** The parsed input when it was valid; what the next request's assistant message repeats. */
  input: unknown;
  /** What goes back to the model (text cut to the budget). */
  output: ToolOutputPart[];
  isError: boolean;
}

/** The wording LibreChat's plugins use for a failed tool, which its client marks with a cross. */
export const toolErrorText = (name: string, message: string) => `error processing tool ${name}: ${message}`;

/** A call answered with an error without running the tool (the model reads why). */
export const toolCallError = (call: RequestedToolCall, message: string, input: unknown = {}): ToolCallResult => ({
  call, input, output: [{ type: 'text', text: toolErrorText(call.name, message) }], isError: true,
});

/** A wait as the model reads it: seconds from one second up, else milliseconds. */
export const durationText = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

const textOf = (parts: ToolOutputPart[]) => parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

/** Cuts the text parts to the budget, saying so to the model, so one large page cannot fill the context. */
export function truncateOutput(parts: ToolOutputPart[], maxChars: number): ToolOutputPart[] {
  const total = textOf(parts).length;
  if (total <= maxChars) return parts;
  let room = maxChars;
  const kept: ToolOutputPart[] = [];
  for (const part of parts) {
    if (part.type !== 'text') {
      kept.push(part);
      continue;
    }
    if (room > 0) kept.push({ type: 'text', text: part.text.slice(0, room) });
    room = Math.max(0, room - part.text.length);
  }
  kept.push({ type: 'text', text: `\n[output truncated: the tool returned ${total} characters, only the first ${maxChars} are shown]` });
  return kept;
}

/**
 * Runs one call, never throwing: an unknown tool, an input that fails the schema, a throw, a
 * timeout or a stop each become an error result for the model ("error processing tool …"), so a
 * tool's failure never fails the turn. The tool's signal fires on the turn's stop and on the
 * timeout; the call is answered at that moment even when the tool ignores its signal.
 */
export async function runToolCall(
  call: RequestedToolCall,
  tool: Tool | undefined,
  context: Omit<ToolContext, 'signal'> & { signal: AbortSignal },
  limits: ToolCallLimits,
): Promise<ToolCallResult> {
  const failed = (message: string, input: unknown = {}) => toolCallError(call, message, input);
  if (!tool) return failed(`no tool named "${call.name}" is available`);
  const checked = checkToolInput(tool, call.input);
  if (!checked.ok) return failed(checked.message);

  const timeoutMs = tool.timeoutMs ?? limits.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([context.signal, timeout]);
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  // The race's loser must not become an unhandled rejection.
  aborted.catch(() => undefined);
  try {
    if (signal.aborted) throw signal.reason;
    const output = await Promise.race([tool.execute(checked.input, { ...context, signal }), aborted]);
    return { call, input: checked.input, output: truncateOutput(output, limits.maxOutputChars), isError: false };
  } catch (error) {
    if (timeout.aborted && !context.signal.aborted) return failed(`it did not answer within ${durationText(timeoutMs)}`, checked.input);
    if (context.signal.aborted) return failed('the turn was stopped', checked.input);
    const message = error instanceof Error ? error.message : String(error);
    context.log.warn('the call failed', { error: message });
    return failed(message, checked.input);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
